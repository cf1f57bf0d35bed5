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
// Both as a transition: React yields every few milliseconds instead of blocking the page
// in long tasks (Lighthouse's total blocking time). Until hydration ends, the controls
// that only JavaScript makes work (form fields, submit, the menu and quote buttons) stay
// disabled (lib/use-hydrated.ts), so no click or keystroke is lost; links work as links.
startTransition(() => {
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
