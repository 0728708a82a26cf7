import { describe, expect, it } from 'vitest';
import * as Admin from './admin';
import {
  adminEndpointList,
  adminEndpoints,
  adminPath,
  adminResources,
  DepositQueueInput,
  IMAGE_UPLOAD_TYPES,
  ImageUploadInput,
  OperatorCreateInput,
  receivingAccountResource,
} from './admin';
import { firstIssueMessage } from './common';
import { MSG } from './messages';

describe('adminEndpoints', () => {
  const list = adminEndpointList();
  /** The keys of the calls `has` picks, in alphabetical order. */
  const keysOf = (has: (ep: (typeof list)[number]) => unknown) =>
    list
      .filter(has)
      .map((ep) => ep.key)
      .sort();

  it('names each back-office call once, under /admin/api', () => {
    const rows = list.map((ep) => `${ep.method} ${ep.path}`);
    expect(new Set(rows).size).toBe(rows.length);
    for (const ep of list) expect(ep.path.startsWith('/admin/api/'), ep.key).toBe(true);
  });

  it('gathers the calls of every area, no two areas under the same key', () => {
    const areas = Object.entries(Admin).filter(([name]) => /^admin[A-Z]\w*Calls$/.test(name));
    const keys = areas.flatMap(([, calls]) => Object.keys(calls as object));
    expect(areas.length).toBeGreaterThan(5);
    expect(new Set(keys).size).toBe(keys.length);
    const resourceCalls = Object.keys(adminResources).length * 4;
    expect(keys.length + resourceCalls).toBe(list.length);
  });

  it('lets admin call everything and only the sign-in go without a token', () => {
    for (const ep of list) expect(ep.roles, ep.key).toContain('admin');
    expect(keysOf((ep) => ep.auth === 'public')).toEqual(['login']);
  });

  it('keeps only enrolment and leaving open before two-factor sign-in', () => {
    expect(keysOf((ep) => ep.beforeTwoFactor)).toEqual(['logout', 'me', 'totpConfirm', 'totpSetup']);
  });

  it('takes multipart only for the image upload, a content call, and the desk’s picture for a reply', () => {
    expect(keysOf((ep) => ep.multipart)).toEqual(['imageUpload', 'supportDeskUpload']);
    expect(adminEndpoints.supportDeskUpload).toMatchObject({
      method: 'POST',
      path: '/admin/api/support/upload',
      roles: ['admin', 'support'],
    });
    expect(adminEndpoints.imageUpload).toMatchObject({
      method: 'POST',
      path: '/admin/api/files',
      roles: ['admin', 'content'],
    });
    expect(ImageUploadInput.parse({})).toEqual({ purpose: 'banner' });
    const bad = ImageUploadInput.safeParse({ purpose: 'avatar' });
    expect(bad.success || firstIssueMessage(bad.error)).toBe(MSG.imageUploadPurposeInvalid);
    expect(IMAGE_UPLOAD_TYPES).not.toContain('image/svg+xml');
  });

  it('flattens every resource into four calls', () => {
    expect(adminEndpoints.bannersList).toBe(adminResources.banners.list);
    expect(adminEndpoints.vipLevelsRemove.path).toBe('/admin/api/vip-levels/:id');
    expect(adminEndpoints.promotionsUpdate.method).toBe('PUT');
    expect(
      list.filter((ep) => ep.key.endsWith('Create') && ep.path.startsWith('/admin/api/')).length,
    ).toBeGreaterThanOrEqual(Object.keys(adminResources).length);
  });

  it('describes each resource once: four calls under one path, for one set of roles, with one name', () => {
    const all = { ...adminResources, receivingAccounts: receivingAccountResource };
    const names = Object.values(all).map((res) => res.name);
    expect(new Set(names).size).toBe(names.length);
    for (const [key, res] of Object.entries(all)) {
      expect(res.name, key).not.toBe('');
      expect([res.create.path, `${res.list.path}/:id`, res.remove.path], key).toEqual([
        res.list.path,
        res.update.path,
        res.update.path,
      ]);
      for (const call of [res.create, res.update, res.remove]) expect(call.roles, key).toBe(res.list.roles);
    }
    expect(adminEndpoints.receivingAccountDelete).toBe(receivingAccountResource.remove);
  });

  it('fills path parameters, encoded', () => {
    expect(adminPath(adminEndpoints.withdrawalApprove, { order_no: 'W123' })).toBe(
      '/admin/api/withdrawals/W123/approve',
    );
    expect(adminPath(adminEndpoints.memberLedger, { id: 7 })).toBe('/admin/api/members/7/ledger');
    expect(adminPath(adminEndpoints.payWayUpdate, { code: 'a/b' })).toBe('/admin/api/pay-ways/a%2Fb');
    expect(adminPath(adminEndpoints.deposits)).toBe('/admin/api/deposits');
  });
});

describe('admin inputs', () => {
  it('takes Beijing dates as YYYY-MM-DD and treats blank filters as absent', () => {
    expect(DepositQueueInput.parse({ state: '', from: '', to: '2026-06-01' })).toEqual({ page: 1, to: '2026-06-01' });
    const bad = DepositQueueInput.safeParse({ from: '2026-6-1' });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(firstIssueMessage(bad.error)).toBe(MSG.dateInvalid);
  });

  it('refuses an unknown role and a bad operator name in Chinese', () => {
    const role = OperatorCreateInput.safeParse({ username: 'boss_2', role: 'root' });
    expect(role.success || firstIssueMessage(role.error)).toBe(MSG.operatorRoleInvalid);
    const name = OperatorCreateInput.safeParse({ username: 'a b', role: 'finance' });
    expect(name.success || firstIssueMessage(name.error)).toBe(MSG.operatorNameInvalid);
  });
});
