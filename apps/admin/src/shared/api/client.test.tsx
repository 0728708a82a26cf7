import { adminEndpoints } from '@h5/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../session/session-store';
import { deposit } from '../../test/fixtures';
import { fail, mockApi, ok, page, renderScreen, signInAs } from '../../test/render';
import { ApiError, TRANSPORT } from '@h5/contract/api-error';
import { mockUpload, pngFile } from '../../test/upload';
import { callAdmin, uploadAdmin } from './client';

describe('callAdmin', () => {
  it('sends GET input as the query string with the bearer token, and answers the parsed data', async () => {
    signInAs('finance', 'cashier');
    const { calls } = mockApi({ 'GET /admin/api/deposits': () => ok(page([deposit()])) });
    const answer = await callAdmin(adminEndpoints.deposits, { input: { page: 2, state: 1, from: '', to: '' } });
    expect(answer.data[0]?.deposit_no).toBe('D202611250001');
    expect(calls[0]?.query.get('page')).toBe('2');
    expect(calls[0]?.query.get('state')).toBe('1');
    expect(calls[0]?.query.has('from')).toBe(false);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer tok-cashier');
  });

  it('fills path parameters and posts the input as JSON', async () => {
    signInAs('finance');
    const { calls } = mockApi({
      'POST /admin/api/deposits/D%2F1/reject': () => ok(deposit({ state: 3, note: '未到账' })),
    });
    await callAdmin(adminEndpoints.depositReject, { params: { deposit_no: 'D/1' }, input: { note: '未到账' } });
    expect(calls[0]?.body).toEqual({ note: '未到账' });
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it("shows the server's Chinese message as one error toast and throws ApiError", async () => {
    signInAs('finance');
    renderScreen(<div />);
    mockApi({ 'POST /admin/api/deposits/D1/approve': () => fail(409, '该订单已处理') });
    await expect(
      callAdmin(adminEndpoints.depositApprove, { params: { deposit_no: 'D1' }, input: { note: '' } }),
    ).rejects.toEqual(new ApiError(409, '该订单已处理'));
    expect(await screen.findByText('该订单已处理')).toBeInTheDocument();
  });

  it('ends the session on 401 without a toast', async () => {
    signInAs('admin');
    renderScreen(<div />);
    mockApi({ '/admin/api/me': () => fail(401, '请先登录') });
    await expect(callAdmin(adminEndpoints.me)).rejects.toMatchObject({ code: 401 });
    expect(useSessionStore.getState().session).toBeNull();
    expect(useSessionStore.getState().endedBecause).toBe('登录已失效，请重新登录');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('请先登录')).not.toBeInTheDocument();
  });

  it('refuses an answer that does not match the contract instead of handing it to a screen', async () => {
    signInAs('admin');
    mockApi({ '/admin/api/me': () => ok({ id: 'one', username: 'boss' }) });
    const silenced = console.error;
    console.error = () => undefined;
    try {
      await expect(callAdmin(adminEndpoints.me, { silent: true })).rejects.toMatchObject({
        code: TRANSPORT.badResponse,
      });
    } finally {
      console.error = silenced;
    }
  });
});

describe('uploadAdmin', () => {
  it('posts the file and the input as multipart with the token, reports progress, and answers the parsed data', async () => {
    signInAs('content', 'editor');
    const { calls } = mockUpload(() =>
      ok({ path: '/uploads/0123456789abcdef0123456789abcdef.webp', content_type: 'image/webp', size: 12 }),
    );
    const progress: number[] = [];
    const stored = await uploadAdmin(adminEndpoints.imageUpload, {
      file: pngFile('a.webp', 12),
      input: { purpose: 'content' },
      onProgress: (p) => progress.push(p),
    });
    expect(stored).toEqual({
      path: '/uploads/0123456789abcdef0123456789abcdef.webp',
      content_type: 'image/webp',
      size: 12,
    });
    expect(progress).toEqual([50, 100]);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/admin/api/files' });
    expect(calls[0]?.headers).toMatchObject({ Authorization: 'Bearer tok-editor', Accept: 'application/json' });
    expect(calls[0]?.body.get('purpose')).toBe('content');
    expect((calls[0]?.body.get('file') as File).name).toBe('a.webp');
  });

  it('ends the session on 401, like every other call', async () => {
    signInAs('content', 'editor');
    renderScreen(<div />);
    mockUpload(() => fail(401, '请先登录'));
    await expect(uploadAdmin(adminEndpoints.imageUpload, { file: pngFile() })).rejects.toMatchObject({ code: 401 });
    expect(useSessionStore.getState().session).toBeNull();
  });
});
