import { StyleProvider } from '@ant-design/cssinjs';
import { render, screen } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppRoutes } from '../app/app-routes';
import { ConsoleProviders } from '../app/app';
import { createQueryClient } from '../shared/api/query-client';
import { type OperatorRole, useSessionStore } from '../shared/session/session-store';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Where antd writes its styles in these tests: an element outside the document. In the document, antd's 550 to 850 KB
 * of rules made every style lookup of happy-dom match each element against all of them: testing-library's accessible
 * names and user-event's pointer check look up styles on every query and click, about half of the stage's CPU. The
 * tests assert what a screen says and calls, never how it looks; the browser journeys check layout and contrast.
 */
const stylesOutsideTheDocument = document.createElement('div');

function TestProviders({ children }: { children: ReactNode }) {
  return (
    <StyleProvider container={stylesOutsideTheDocument}>
      <ConsoleProviders queryClient={createQueryClient()}>{children}</ConsoleProviders>
    </StyleProvider>
  );
}

/** Signs an operator in, as the sign-in page would after POST /admin/api/login. */
export function signInAs(role: OperatorRole = 'admin', username = 'boss') {
  useSessionStore.getState().signIn({ token: `tok-${username}`, username, role });
}

/** The whole console (route table, layout, guards) at `route`, as the browser router would show it. */
export function renderConsole(route = '/') {
  return render(
    <TestProviders>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </TestProviders>,
  );
}

/** One screen at `route` (matched by `path`) with the providers but without the layout. */
export function renderScreen(
  element: ReactElement,
  { route = '/', path = '*' }: { route?: string; path?: string } = {},
) {
  return render(
    <TestProviders>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </TestProviders>,
  );
}

type Envelope = { code: number; message: string; data: unknown };
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}
/** An envelope, or a whole response (a CSV download). */
type Handler = (call: Call) => Envelope | Response | Promise<Response>;

/**
 * Mocks the network boundary: handlers keyed 'METHOD /path' (or just '/path' for any method) answer the envelope
 * (or a response of their own); others answer 404. Every call is recorded.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://console.test',
    );
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: Call = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`] ?? handlers[url.pathname];
    const envelope = handler ? await handler(call) : { code: 404, message: '接口不存在', data: null };
    if (envelope instanceof Response) return envelope;
    return new Response(JSON.stringify(envelope), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return { spy, calls };
}

/** The table row holding a cell with `text` (in the cell or inside it, as a tag or a link). */
export const tableRow = (text: string) => screen.getByText(text, { selector: 'td, td *' }).closest('tr') as HTMLElement;

export const ok = (data: unknown, message = 'ok'): Envelope => ({ code: 200, message, data });
export const fail = (code: number, message: string): Envelope => ({ code, message, data: null });

/**
 * A review queue listing `item` until the `decision` call (e.g. 'POST /admin/api/deposits/D1/approve') answers
 * `answer`; from then on the list is empty, as the server's is once the item is decided.
 */
export function queueUntilDecided(list: string, item: unknown, decision: string, answer: Envelope) {
  let decided = false;
  return {
    [list]: () => ok(page(decided ? [] : [item])),
    [decision]: () => {
      decided = true;
      return answer;
    },
  } satisfies Record<string, Handler>;
}

export const page = <T,>(data: T[], total = data.length, current = 1, perPage = 20) => ({
  current_page: current,
  data,
  last_page: Math.max(1, Math.ceil(total / perPage)),
  per_page: perPage,
  total,
  from: data.length ? (current - 1) * perPage + 1 : null,
  to: data.length ? (current - 1) * perPage + data.length : null,
});

export const me = (
  over: Partial<{
    id: number;
    username: string;
    role: OperatorRole;
    totp_enabled: boolean;
    must_enroll: boolean;
    idle_minutes: number;
  }> = {},
) => ({
  id: 1,
  username: 'boss',
  role: 'admin',
  totp_enabled: false,
  must_enroll: false,
  idle_minutes: 30,
  ...over,
});
