import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { AppRoutes } from './router.tsx';
import { LazyToaster } from './ui/lazy-toaster.tsx';

/** The whole client. `ssrPath` is set only when prerendering a public page at build time. */
export function App({ queryClient, ssrPath }: { queryClient: QueryClient; ssrPath?: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Router ssrPath={ssrPath}>
        <AppRoutes />
      </Router>
      <LazyToaster />
    </QueryClientProvider>
  );
}
