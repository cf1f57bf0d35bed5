import type { ComponentType } from 'react';
import {
  ISLAND_END,
  type IslandName,
  type IslandProps,
  type IslandRenderer,
} from '../../../shared/islands.ts';
import { ContactForm } from '../contact/contact-form.tsx';
import QuoteIsland from '../quote/quote-island.tsx';

export const islandComponents: { [N in IslandName]: ComponentType<IslandProps[N]> } = {
  'contact-form': ContactForm,
  quote: QuoteIsland,
};

let renderInner: ((name: IslandName, props: object) => string) | null = null;

/**
 * Set by the server renderers (entry-server.tsx, server-render.tsx): an island's inside is
 * rendered as its own tree, so its ids match the tree that hydrates it alone.
 */
export function setIslandInnerRenderer(render: (name: IslandName, props: object) => string) {
  renderInner = render;
}

/**
 * An interactive part of a public page. Prerendered, it is a container holding its own
 * rendering and its props, hydrated on first use (src/client/island-boot.ts); inside the client
 * app (signed-in visitors' pages), it is simply the component.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps[N] }) {
  if (renderInner) {
    return (
      <div
        data-island={name}
        data-props={JSON.stringify(props)}
        dangerouslySetInnerHTML={{ __html: renderInner(name, props) + ISLAND_END }}
      />
    );
  }
  const Component = islandComponents[name] as ComponentType<IslandProps[N]>;
  return (
    <div data-island={name}>
      <Component {...props} />
    </div>
  );
}

/** Renders one island with its container, as the prerendered page holds it. */
export const renderIslandWith =
  (toHtml: (element: React.ReactElement) => string): IslandRenderer =>
  (name, props) =>
    toHtml(<Island name={name} props={props} />);
