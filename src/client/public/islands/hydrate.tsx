import '../../lib/zod-without-eval.ts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import { useEffect, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { islandIdPrefix, type IslandName, type IslandProps } from '../../../shared/islands.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { cspNonce } from '../../lib/server-hints.ts';
import { LazyToaster } from '../../ui/lazy-toaster.tsx';

// Each island's code is its own chunk.
const loaders: { [N in IslandName]: () => Promise<ComponentType<IslandProps[N]>> } = {
  'contact-form': () => import('../contact/contact-form.tsx').then((m) => m.ContactForm),
  quote: () => import('../quote/quote-island.tsx').then((m) => m.default),
};

let shared: QueryClient | null = null;

/** Once per page: the query client the islands share, the style nonce, and the toaster island. */
function setUp(): QueryClient {
  if (shared) return shared;
  // Radix dialogs inject <style> elements (react-style-singleton reads get-nonce); the CSP
  // allows them by this response's nonce only.
  const nonce = cspNonce();
  if (nonce) setNonce(nonce);
  const toaster = document.createElement('div');
  toaster.dataset.island = 'toaster';
  document.body.append(toaster);
  createRoot(toaster).render(<LazyToaster />);
  shared = createQueryClient();
  return shared;
}

/** Renders nothing; tells the caller when React has committed the island. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

/** The fields of a form as they are now (typed before hydration, or autofilled). */
const currentValues = (form: HTMLFormElement) =>
  Object.fromEntries(
    [...new FormData(form)].map(([key, value]) => [key, typeof value === 'string' ? value : '']),
  );

/** Downloads an island's code without hydrating it (the browser idle, nobody here yet). */
export async function loadIslandCode(name: IslandName): Promise<void> {
  await loaders[name]();
}

/**
 * Hydrates one island container (its prerendered markup, `data-props`) as its own React
 * root; resolves once React handles its events.
 */
export async function hydrateIsland(container: HTMLElement): Promise<void> {
  const name = container.dataset.island as IslandName;
  const Component = (await loaders[name]()) as ComponentType<object>;
  const props = JSON.parse(container.dataset.props ?? '{}') as IslandProps[IslandName];
  // What the visitor typed before hydration becomes the form's state, so nothing is lost.
  const form = container.querySelector<HTMLFormElement>('form[data-live-form]');
  if (form) props.answer = { errors: {}, ...props.answer, values: currentValues(form) };
  const client = setUp();
  await new Promise<void>((resolve) => {
    hydrateRoot(
      container,
      <QueryClientProvider client={client}>
        <Component {...props} />
        <Committed onCommit={resolve} />
      </QueryClientProvider>,
      { identifierPrefix: islandIdPrefix(name) },
    );
  });
}
