import './lib/zod-without-eval.ts';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import './index.css';
import { createQueryClient } from './lib/query-client.ts';
import { cspNonce } from './lib/server-hints.ts';

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
// Prerendered public pages arrive with markup to hydrate; the portal shell arrives empty.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
