// Entry of the server's island renderer (`vite build --ssr`, dist/ssr/server-render.js): the
// server answers a form posted without JavaScript with the page and this island re-rendered.
import { renderToString } from 'react-dom/server';
import type { IslandRenderer } from '../../../shared/islands.ts';
import { enableIslandServerMarkup } from './island-markup.ts';
import { renderIslandWith } from './island.tsx';

enableIslandServerMarkup();

export const renderIsland: IslandRenderer = renderIslandWith(renderToString);
