import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useSessionStore } from '../shared/session/session-store';

// antd screens are heavy for happy-dom on a busy 2-core machine: waits allow five seconds (a missing element still
// fails, only later).
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // The network boundary: nothing leaves the test. Tests that need answers mock fetch again (mockApi).
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () => new Response(JSON.stringify({ code: 404, message: '接口不存在', data: null })),
  );
});

afterEach(async () => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  useSessionStore.setState({ session: null, endedBecause: null, signedOut: false });
  document.body.innerHTML = '';
  await new Promise((resolve) => setTimeout(resolve, 0));
});
