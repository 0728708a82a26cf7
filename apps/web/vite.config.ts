import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = 'http://localhost:8080';
const proxied = ['/api', '/admin', '/uploads', '/sandbox', '/art', '/service'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative base: the built app works from any sub-path the server mounts it on.
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The page-weight benchmark (bench/page-weight.ts) reads what each route loads from the manifest.
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Every browser we target preloads modules natively (the few without it just load them on import).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React, the router and React Query in one vendor chunk: every route needs them, they change far less
        // often than our code, and one chunk compresses better than the small ones automatic splitting cuts.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: true }])),
  },
});
