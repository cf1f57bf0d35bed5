import './lib/zod-without-eval.ts';
import { setNonce } from 'get-nonce';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
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
// The portal shell arrives empty. A public page loads this app only when a session cookie came
// with it (island-boot.ts): the page's HTML stays on screen until the app replaces it,
// since its islands' markup (docs/decisions/024-public-islands.md) is not the app's to hydrate.
// As a transition: React yields every few milliseconds instead of blocking the page in long
// tasks (Lighthouse's total blocking time).
startTransition(() => {
  createRoot(container).render(app);
});
