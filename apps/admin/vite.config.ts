import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = 'http://localhost:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The server mounts the build at /admin/ and answers index.html for every deep link of the browser router.
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd is one large dependency every screen needs; the screens themselves are split per route.
    chunkSizeWarningLimit: 1500,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|dayjs)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/admin/api': { target: backend, changeOrigin: true, ws: true } },
  },
});
