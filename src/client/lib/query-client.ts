import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorizedError } from './api.ts';
import { askToConfirm, isNotRecentError } from './recent-sign-in.ts';
import { errorToast } from './toast.ts';
import { redirectToLogin } from './unauthorized.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * The destructive "Error" toast's text when the write fails for any reason but a 401;
       * a function may answer undefined when the screen shows the refusal itself.
       */
      failureToast?: string | ((error: Error) => string | undefined);
    };
  }
}

/**
 * Whether a screen shows a failed read: a 401 is handled here, once (the toast and the login
 * redirect), so the screen shows nothing of its own while the user is sent away.
 */
export const showsReadFailure = (error: Error | null): error is Error =>
  !!error && !isUnauthorizedError(error);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // The one place a 401 is handled, for reads and writes alike: the session ended (expired,
    // or "Logout from all sessions" elsewhere), so the spec's toast and the login redirect
    // (once, however many calls fail together). Screens only show their own failure states.
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorizedError(error)) redirectToLogin();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isUnauthorizedError(error)) return redirectToLogin();
        if (isNotRecentError(error) && askToConfirm()) return;
        const failure = mutation.meta?.failureToast;
        const text = typeof failure === 'function' ? failure(error) : failure;
        if (text) errorToast(text);
      },
    }),
    defaultOptions: {
      // No default fetcher: every read comes from a query factory (lib/*-queries.ts).
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
