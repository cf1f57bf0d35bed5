import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { isUnauthorizedError, throwIfNotOk } from './api.ts';
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

type On401 = 'returnNull' | 'throw';

/** GETs the query key joined as a URL; a 401 is an error unless the caller asks for null. */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

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
        const failure = mutation.meta?.failureToast;
        const text = typeof failure === 'function' ? failure(error) : failure;
        if (text) errorToast(text);
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
