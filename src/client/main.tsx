import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import './index.css';
import { createQueryClient } from './lib/query-client.ts';

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
