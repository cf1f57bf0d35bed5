import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from './app.tsx';
import { enableIslandServerMarkup } from './public/islands/island-markup.ts';

enableIslandServerMarkup();

const app = (path: string) => <App queryClient={new QueryClient()} ssrPath={path} />;

/**
 * Build-time rendering of one public page (scripts/prerender.ts). The first pass waits
 * for the page's lazy chunks; the second renders them synchronously, so the HTML is
 * complete and needs no inline script (the CSP allows none). Only the page's islands
 * (docs/decisions/024-public-islands.md) are ever hydrated; the rest stays this HTML.
 */
export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(app(path));
  for await (const _chunk of prelude) {
    // Drained only to let the render finish.
  }
  return renderToString(app(path));
}
