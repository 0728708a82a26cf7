import { describe, expect, it } from 'vitest';
import { GatewayUpdateInput } from './admin';
import { hidesAnotherHost, isSiteUrl } from './site-url';

describe('isSiteUrl', () => {
  it('takes paths of our own site and absolute http(s) addresses', () => {
    for (const ok of [
      '/uploads/0123456789abcdef.png',
      '/#/activity',
      '/art/%E6%B4%BB%E5%8A%A8.png',
      'https://m.example.com/a?b=1',
      'http://cdn.example.com/x.png',
    ]) {
      expect(isSiteUrl(ok), ok).toBe(true);
    }
  });

  it('refuses other schemes and relative text', () => {
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'uploads/x.png', 'https://', ''])
      expect(isSiteUrl(bad), bad).toBe(false);
  });

  it('refuses every form browsers or servers read as another host', () => {
    for (const bad of [
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      '\\\\evil.example/x.png',
      '\\/evil.example/x.png',
      '/%2Fevil.example/x.png',
      '/%2fevil.example/x.png',
      '/%5Cevil.example/x.png',
      '/%252Fevil.example/x.png',
      '%2F%2Fevil.example/x.png',
      '/\t/evil.example/x.png',
      '/\n/evil.example/x.png',
      '\t//evil.example/x.png',
      ' //evil.example/x.png',
      '/%09/evil.example/x.png',
      '/%0A/evil.example/x.png',
      '/art/a\\b.png',
      'https://m.example.com\\@evil.example/',
      '/%E0%A4%A',
    ]) {
      expect(isSiteUrl(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('hidesAnotherHost', () => {
  it('leaves ordinary paths, addresses, anchors and data alone', () => {
    for (const ok of [
      '/a/b',
      '/art/a%20b.png',
      'https://m.example.com/',
      '#top',
      'mailto:vip@example.com',
      'data:image/png;base64,AAAA',
    ]) {
      expect(hidesAnotherHost(ok), ok).toBe(false);
    }
  });

  it('catches protocol-relative and backslash forms, plain, padded or percent-encoded', () => {
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      ' \t//evil.example',
      '/%2F/evil.example',
      '/%5c/evil.example',
      '%2f%2fevil.example',
    ]) {
      expect(hidesAnotherHost(bad), JSON.stringify(bad)).toBe(true);
    }
  });
});

describe('a payment gateway submit address', () => {
  // The member's browser posts the order there: '/\host' must not pass. A site path keeps its shape here (the
  // sandbox's seeded gateway); the server refuses a new one (integration-service.ts).
  it('takes a site path or an http(s) address and refuses the disguised other hosts', () => {
    expect(GatewayUpdateInput.safeParse({ submit_url: '/sandbox/epay/submit.php' }).success).toBe(true);
    expect(GatewayUpdateInput.safeParse({ submit_url: 'https://pay.example.com/submit.php' }).success).toBe(true);
    for (const bad of ['/\\evil.example/submit.php', '//evil.example/submit.php', '/%2F%2Fevil.example/submit.php']) {
      const parsed = GatewayUpdateInput.safeParse({ submit_url: bad });
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('提交地址须为 http(s) 网址');
    }
  });
});
