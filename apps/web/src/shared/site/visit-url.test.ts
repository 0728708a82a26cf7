import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../test/render';
import { followVisitUrl, referralCodeOf } from './visit-url';

const at = (href: string) => {
  const url = new URL(href);
  return { href: url.href, search: url.search, hash: url.hash };
};

describe('followVisitUrl (docs/member-app.md "Server calls" getVisitUrl)', () => {
  it('opens data.url in the same window on 200', async () => {
    const fetch = mockApi({ '/api/getVisitUrl': () => ok({ url: 'https://m2.example.com/#/' }) });
    const open = vi.fn();
    await followVisitUrl(at('http://h5.test/#/'), open);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/getVisitUrl');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('GET');
    expect(open).toHaveBeenCalledWith('https://m2.example.com/#/');
  });

  it('appends register?pid={pid} when the address carries a referral code', async () => {
    mockApi({ '/api/getVisitUrl': () => ok({ url: 'https://m2.example.com/#/' }) });
    const open = vi.fn();
    await followVisitUrl(at('http://h5.test/#/login?type=1&pid=1024'), open);
    expect(open).toHaveBeenCalledWith('https://m2.example.com/#/register?pid=1024');
    open.mockClear();
    await followVisitUrl(at('http://h5.test/?pid=77#/'), open);
    expect(open).toHaveBeenCalledWith('https://m2.example.com/#/register?pid=77');
  });

  it('stays, silently, when no visit URL is set (202)', async () => {
    mockApi({ '/api/getVisitUrl': () => ({ code: 202, message: '数据不存在', data: null }) });
    const open = vi.fn();
    await followVisitUrl(at('http://h5.test/#/'), open);
    expect(open).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.body).not.toHaveTextContent('数据不存在');
  });

  it('does not follow a visit URL naming this very page', async () => {
    mockApi({ '/api/getVisitUrl': () => ok({ url: 'http://h5.test/' }) });
    const open = vi.fn();
    await followVisitUrl(at('http://h5.test/#/activity'), open);
    expect(open).not.toHaveBeenCalled();
  });
});

describe('referralCodeOf', () => {
  it('reads pid from the query or from the hash route', () => {
    expect(referralCodeOf({ search: '', hash: '#/login?pid=9' })).toBe('9');
    expect(referralCodeOf({ search: '?pid=3', hash: '#/' })).toBe('3');
    expect(referralCodeOf({ search: '', hash: '#/' })).toBe('');
  });
});
