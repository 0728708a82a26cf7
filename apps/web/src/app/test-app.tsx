import { render } from '@testing-library/react';
import { createQueryClient } from '../shared/api/query-client';
import { useSessionStore } from '../shared/session/session-store';
import { USER } from '../shared/test/render';
import { App } from './app';

/** Renders the whole app at a hash path, optionally as a logged-in member. */
export function renderApp(path: string, { token }: { token?: string } = {}) {
  if (token) {
    useSessionStore.getState().setToken(token);
    useSessionStore.getState().setUserInfo(USER as never);
  }
  window.location.hash = `#${path}`;
  return render(<App queryClient={createQueryClient()} />);
}
