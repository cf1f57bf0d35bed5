import './lib/zod-without-eval.ts';
import { setNonce } from 'get-nonce';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import './index.css';
import { createQueryClient } from './lib/query-client.ts';
import { cspNonce } from './lib/server-hints.ts';
import { preloadSignedInArea } from './router.tsx';

// Radix dialogs and menus inject <style> elements (react-style-singleton reads get-nonce);
// the CSP allows them by this response's nonce only.
const nonce = cspNonce();
if (nonce) setNonce(nonce);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const app = (
  <StrictMode>
    <App queryClient={createQueryClient()} />
  </StrictMode>
);
preloadSignedInArea(window.location.pathname);
// Prerendered public pages arrive with markup to hydrate; the portal shell arrives empty.
// Hydration stays synchronous: as a transition it left visible, not yet hydrated forms
// and buttons to clicks that were then lost. The shell has nothing to click until React
// renders, so its first render is a transition: React yields every few milliseconds
// instead of blocking the page in one long task.
if (container.firstElementChild) hydrateRoot(container, app);
else startTransition(() => createRoot(container).render(app));
