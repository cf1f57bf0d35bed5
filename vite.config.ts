import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: each chunk's imports, for the first-paint budget (issue 42).
    manifest: !isSsrBuild,
    // Every browser we support preloads modules itself: the polyfill would be a second
    // request on every public page, beside the ~1 KB boot script.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // index.html: the client app (portal, staff). public.html: the prerendered public
      // pages, whose one script wakes their islands (docs/decisions/public-islands.md).
      // login-passkey: the server-rendered sign-in page's passkey script, at a fixed address
      // (no-cache, outside /assets) since that page is not built by Vite.
      input: {
        index: 'index.html',
        public: 'public.html',
        'login-passkey': 'src/client/login/passkey-login.ts',
      },
      // The island renderer (build:ssr) keeps Vite's own names: the server loads
      // dist/ssr/server-render.js.
      output: isSsrBuild
        ? {}
        : {
            entryFileNames: (chunk) =>
              chunk.name === 'login-passkey' ? 'login-passkey.js' : 'assets/[name]-[hash].js',
          },
    },
  },
  // The server's island renderer (npm run build:ssr) carries React inside it: the server's
  // own dependencies stay free of the client's.
  ssr: { noExternal: true },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
