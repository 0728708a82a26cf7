import { adminEndpoints } from '@h5/contract';
import { describe, expect, it } from 'vitest';
import { callAdmin } from '../../shared/api/client';
import { useSessionStore } from '../../shared/session/session-store';
import { me, mockApi, ok } from '../../test/render';
import { signInCall } from './api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const credentials = { username: 'boss', password: 'secret-pass', code: '' };

describe('the console device id', () => {
  it('is made once, kept in localStorage and sent at every sign-in as x-console-device', async () => {
    const { calls } = mockApi({ 'POST /admin/api/login': () => ok({ token: 't1', role: 'admin', username: 'boss' }) });
    expect(localStorage.getItem('console-device')).toBeNull();
    await signInCall(credentials);
    await signInCall(credentials);
    const sent = calls.map((c) => c.headers.get('x-console-device'));
    expect(sent[0]).toMatch(UUID);
    expect(sent[1]).toBe(sent[0]);
    expect(localStorage.getItem('console-device')).toBe(sent[0]);
  });

  it('keeps the id this browser already has, and sends it only at sign-in', async () => {
    localStorage.setItem('console-device', 'kept-device-id');
    const { calls } = mockApi({
      'POST /admin/api/login': () => ok({ token: 't2', role: 'admin', username: 'boss' }),
      '/admin/api/me': () => ok(me()),
    });
    await signInCall(credentials);
    useSessionStore.setState({ session: { token: 't2', role: 'admin', username: 'boss' } });
    await callAdmin(adminEndpoints.me);
    expect(calls.map((c) => [c.path, c.headers.get('x-console-device')])).toEqual([
      ['/admin/api/login', 'kept-device-id'],
      ['/admin/api/me', null],
    ]);
  });
});
