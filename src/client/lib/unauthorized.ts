import { paths } from '../../shared/routes.ts';
import { isUnauthorizedError } from './api.ts';
import { loadToaster } from '../ui/lazy-toaster.tsx';
import { toast } from './toast.ts';

/** Spec section 9: the login redirect waits 500 ms so the toast can be read. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

/** Spec sections 6 and 8: tell the user, then go to the login page. */
export function redirectToLogin(): void {
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

/**
 * For a mutation's onError: a 401 sends the user to sign in and returns true;
 * anything else returns false so the caller shows its own failure toast.
 */
export function handledAsUnauthorized(error: unknown): boolean {
  if (!isUnauthorizedError(error)) return false;
  redirectToLogin();
  return true;
}
