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
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: true }])),
  },
});
