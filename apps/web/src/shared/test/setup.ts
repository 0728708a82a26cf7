import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeEach, vi } from 'vitest';
import { reportNetwork } from '../api/network-state';
import { useSessionStore } from '../session/session-store';
import { installAntdRender } from '../ui/antd-render';
import { forgetFirstPaint } from '../ui/use-after-first-paint';

installAntdRender();

// Lazy routes load their chunk before the screen appears; on a busy 2-core machine that can take more than the
// default second, so waits allow five (a missing element still fails, only later).
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // The network boundary: nothing leaves the test. Tests that need answers mock fetch again (mockApi).
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () => new Response(JSON.stringify({ code: 404, message: '接口不存在', data: null })),
  );
});

afterEach(async () => {
  cleanup();
  Toast.clear();
  Dialog.clear();
  sessionStorage.clear();
  localStorage.clear();
  useSessionStore.setState({ token: null, userInfo: null });
  // A test whose request failed leaves the 网络异常 state behind: the next one starts with the network reached.
  reportNetwork(true);
  forgetFirstPaint();
  document.body.innerHTML = '';
  window.location.hash = '';
  // React schedules the passive effects of the last commit (the unmount above) on a later turn; let them run while
  // the DOM still exists, or after a file's last test they would run once the environment is gone
  // ("window is not defined").
  await new Promise((resolve) => setTimeout(resolve, 0));
});
