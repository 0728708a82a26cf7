import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Files share their worker's module cache instead of importing antd and React afresh each: about half the CPU
    // time of the stage. The setup file resets what screens keep between tests (stores, storage, the DOM), and no
    // test mocks a module (vi.mock would not reach a module another file already imported).
    isolate: false,
    // Two files at a time: vitest's default leaves one core of a 2-core machine idle (one worker per core but one).
    maxWorkers: 2,
    unstubGlobals: true,
    // antd screens render a lot of DOM; on a busy 2-core machine one test can take several seconds.
    testTimeout: 30_000,
    // expect.poll gives up after one second by default; like the DOM waits (asyncUtilTimeout) it allows five.
    expect: { poll: { timeout: 5000 } },
  },
});
