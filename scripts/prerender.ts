// Build step after `vite build`: renders every public route (and the 404 page) to static
// HTML under dist/client/_prerender, and writes .gz/.br siblings of the static assets.
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { bootLoaderScript } from '../src/client/public/islands/boot-loader.ts';
import { headTags } from '../src/client/public/seo/head-tags.ts';
import { renderPage } from '../src/client/entry-server.tsx';
import { PORTAL_ROUTES, entryChunks, staticClosure, type Manifest } from './first-paint-budget.ts';
import { paths, publicRoutes } from '../src/shared/routes.ts';
import {
  NOT_FOUND_PAGE,
  PORTAL_SHELL_PAGE,
  PRERENDER_DIR,
  SHELL_PAGE,
  prerenderFile,
} from '../src/shared/prerender.ts';

const clientDir = path.resolve('dist/client');
const shellTemplate = await fs.readFile(path.join(clientDir, 'index.html'), 'utf8');
// Public pages load only the islands' boot script (docs/decisions/024-public-islands.md), and
// that after first paint: its tag and preload give way to an inline loader (decision 027).
const template = withBootLoader(await fs.readFile(path.join(clientDir, 'public.html'), 'utf8'));
for (const html of [shellTemplate, template]) {
  if (!html.includes('<!--app-html-->') || !html.includes('<!--head:end-->')) {
    throw new Error(
      'dist/client/index.html or public.html lacks the <!--app-html--> or <!--head:...--> markers',
    );
  }
}

function withBootLoader(html: string): string {
  const bootTag = /\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
  const bootUrl = bootTag.exec(html)?.[1];
  if (!bootUrl) throw new Error('public.html has no boot script tag');
  return html
    .replace(bootTag, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('</body>', `<script type="module">${bootLoaderScript(bootUrl)}</script>\n  </body>`);
}

async function page(route: string | null): Promise<string> {
  const body = await renderPage(route ?? NOT_FOUND_PAGE);
  return template
    .replace(/<!--head:start-->[\s\S]*<!--head:end-->/, headTags(route))
    .replace('<!--app-html-->', body);
}

const outDir = path.join(clientDir, PRERENDER_DIR);
await fs.rm(outDir, { recursive: true, force: true });
// The help center's template too: the server fills it per request (ADR 078).
for (const route of [...publicRoutes, paths.help, null]) {
  const file = path.join(clientDir, prerenderFile(route ?? NOT_FOUND_PAGE));
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, await page(route));
}
// The SPA shell (portal and staff paths) keeps the default head and an empty root.
const appShell = shellTemplate.replace(/<!--head:(start|end)-->/g, '');
await fs.writeFile(path.join(clientDir, prerenderFile(SHELL_PAGE)), appShell);
// The portal's paths get the same shell with the portal's routes and dashboard preloaded
// beside the app's own script, not after it has run (issue 42, docs/decisions/080).
const manifest = JSON.parse(
  await fs.readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
) as Manifest;
const inShell = staticClosure(manifest, entryChunks(manifest, shellTemplate));
const preloads = [...staticClosure(manifest, [PORTAL_ROUTES])]
  .filter((key) => !inShell.has(key))
  .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`);
await fs.writeFile(
  path.join(clientDir, prerenderFile(PORTAL_SHELL_PAGE)),
  appShell.replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`),
);
console.log(
  `prerendered ${publicRoutes.length} public pages, the help center's template and the 404 page`,
);

// Hashed assets never change: compress them once, at build time, for @fastify/static.
const compressible = /\.(js|css|svg|xml|txt|json)$/;
async function compressTree(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (full !== outDir) count += await compressTree(full);
    } else if (compressible.test(entry.name)) {
      const data = await fs.readFile(full);
      await fs.writeFile(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
      await fs.writeFile(
        `${full}.br`,
        zlib.brotliCompressSync(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
      );
      count++;
    }
  }
  return count;
}
console.log(`compressed ${await compressTree(clientDir)} static files (.gz, .br)`);
