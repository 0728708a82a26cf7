import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { pwa } from './scripts/pwa/plugin';

const backend = 'http://localhost:8080';

/**
 * Inlines the stylesheets index.html links into the page itself: each linked file is one more request before
 * anything is painted on a slow phone network. The files stay in the build, for the lazy screens that load them.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\.\/(assets\/[^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = ctx.bundle?.[file];
            if (!asset || asset.type !== 'asset' || typeof asset.source !== 'string') return tag;
            return `<style>${asset.source}</style>`;
          },
        );
      },
    },
  };
}
/**
 * The chunks index.html loads with the entry, read off the bundle before the lazy screens' preload lists are written
 * (resolveDependencies below): a lazy screen never needs to preload them again.
 */
const entryChunks = new Set<string>();
function recordEntryChunks(): Plugin {
  return {
    name: 'record-entry-chunks',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        entryChunks.clear();
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.isEntry)
            for (const file of [chunk.fileName, ...chunk.imports]) entryChunks.add(file);
      },
    },
  };
}
const proxied = ['/api', '/admin', '/uploads', '/sandbox', '/art', '/service'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative base: the built app works from any sub-path the server mounts it on.
  base: './',
  plugins: [react(), recordEntryChunks(), inlineEntryCss(), pwa()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The page-weight benchmark (bench/page-weight.ts) reads what each route loads from the manifest.
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Every browser we target preloads modules natively (the few without it just load them on import).
    modulePreload: {
      polyfill: false,
      // A lazy screen's preload list leaves out the chunks the entry itself imports (they are loaded before any
      // screen can be): the lists are written into the entry, which every first visit downloads.
      resolveDependencies: (_file, deps) => deps.filter((dep) => !entryChunks.has(dep)),
    },
    rolldownOptions: {
      output: {
        // React, the router (wouter, its path parser regexparam and the useSyncExternalStore shim it imports) and
        // React Query in one vendor chunk: every route needs them, they change far less often than our code, and one
        // chunk compresses better than the small ones automatic splitting cuts.
        // React Query's mutations and infinite lists are used by lazy screens only: they stay with those screens.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: (id) =>
                /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|@tanstack)[\\/]/.test(
                  id,
                ) && !/[\\/](useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver)\.js$/.test(id),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: true }])),
  },
});
