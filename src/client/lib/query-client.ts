import { QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { isUnauthorizedError, throwIfNotOk } from './api.ts';
import { redirectToLogin } from './unauthorized.ts';

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
    // A portal read answering 401 means the session ended (expired, or "Logout from all
    // sessions" elsewhere): every screen gets the spec's toast and the login redirect.
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorizedError(error)) redirectToLogin();
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
