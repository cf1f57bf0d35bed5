import { paths } from '../../shared/routes.ts';
import { loadToaster } from '../ui/lazy-toaster.tsx';
import { toast } from './toast.ts';

/** Spec section 9: the login redirect waits 500 ms so the toast can be read. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

let redirecting = false;

/**
 * Spec sections 6 and 8: tell the user, then go to the login page. Several calls failing at
 * once (a screen's reads, a write) lead to one toast and one navigation.
 */
export function redirectToLogin(): void {
  if (redirecting) return;
  redirecting = true;
  toast({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    variant: 'destructive',
  });
  // The 500 ms start once the toast UI is loaded, so the message is on screen for all of them.
  void loadToaster().then(() =>
    setTimeout(() => {
      window.location.href = paths.login;
    }, LOGIN_REDIRECT_DELAY_MS),
  );
}
