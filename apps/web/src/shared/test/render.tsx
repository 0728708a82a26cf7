import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from '../router/memory-router';
import { Route, Routes, useLocation } from '../router/router';
import { vi } from 'vitest';
import { createQueryClient } from '../api/query-client';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders one page at `route` (matched by `path`, with the history `state` a link gave it), with a fresh query
 * client and a probe showing the location.
 */
export function renderPage(
  element: ReactElement,
  { route = '/', path = '*', state }: { route?: string; path?: string; state?: unknown } = {},
) {
  const queryClient = createQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter path={route} state={state}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

type Envelope = { code: number; message: string; data: unknown };
type Handler = (body: unknown) => Envelope | Promise<Envelope>;

/** Mocks the network boundary: each API path answers the envelope its handler builds; others answer 404. */
export function mockApi(handlers: Record<string, Handler>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? '';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const handler = handlers[path];
    const envelope = handler ? await handler(body) : { code: 404, message: '接口不存在', data: null };
    return new Response(JSON.stringify(envelope), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
}

export const ok = (data: unknown, message = 'ok'): Envelope => ({ code: 200, message, data });

export const USER = {
  username: 'player01',
  realname: '张三',
  mobile: '',
  email: '',
  birthday: '',
  avatar: '',
  balance: '1234.50',
  gameblance: '0.00',
  fanshui: '0.00',
  transferstatus: 0,
  usdtrate: '7.2',
  withdrawusdtrate: '7.1',
  withdrawcashfee: '1.00',
  withdrawfeeusdttrc: '1.00',
  vip: 1,
  current_vip: 'VIP1',
  next_vip: 'VIP2',
  paysum: '0.00',
  joinday: 1,
  isagent: 0,
};
