import { describe, expect, it } from 'vitest';
import { cleanHtml } from './clean-html';

describe('cleanHtml', () => {
  // The hostile cases of the browser journeys (e2e/member.spec.ts), now answered by the server.
  it('removes scripts and script URLs and keeps the formatting', () => {
    const html =
      '<p>尊敬的会员，<strong>您的资料已更新</strong></p>' +
      '<script>window.__xss = (window.__xss || 0) + 1</script>' +
      '<a href="javascript:window.__xss = (window.__xss || 0) + 100">详情</a>';
    expect(cleanHtml(html)).toBe('<p>尊敬的会员，<strong>您的资料已更新</strong></p><a>详情</a>');
  });

  it('removes event handlers and keeps the elements they were on', () => {
    const html =
      '<img src="data:image/png;base64,AAAA" alt="坏图" onerror="window.__xss = 1">' +
      '<button type="button" onclick="window.__xss = 10">领取</button>';
    expect(cleanHtml(html)).toBe('<img src="data:image/png;base64,AAAA" alt="坏图"><button type="button">领取</button>');
  });

  it('removes frames and SVG script hooks and keeps ordinary links', () => {
    const html =
      '<iframe src="https://evil.example/"></iframe>' +
      '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a><animate onbegin="alert(1)"/></svg>' +
      '<a href="https://example.com/ok">好</a>';
    const clean = cleanHtml(html);
    expect(clean).not.toMatch(/iframe|javascript:|onbegin|animate/i);
    expect(clean).toContain('<a href="https://example.com/ok">好</a>');
  });

  it('leaves plain text and clean markup as they are, so cleaning twice changes nothing', () => {
    expect(cleanHtml('理性娱乐，量力而行。')).toBe('理性娱乐，量力而行。');
    const clean = '<h3>规则</h3><ol><li>每日<em>10:00</em>开抢</li></ol><table><tbody><tr><td>1</td></tr></tbody></table>';
    expect(cleanHtml(clean)).toBe(clean);
    const once = cleanHtml('<p onclick="x">a<script>1</script></p>');
    expect(cleanHtml(once)).toBe(once);
  });
});
