import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { islandIdPrefix, type IslandName } from '../../../shared/islands.ts';
import { islandComponents, setIslandInnerRenderer } from './island.tsx';

/** Server side only: islands render their inside as separate trees (see island.tsx). */
export function enableIslandServerMarkup() {
  setIslandInnerRenderer((name: IslandName, props: object) =>
    renderToString(
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(islandComponents[name] as ComponentType<object>, props),
      ),
      { identifierPrefix: islandIdPrefix(name) },
    ),
  );
}
