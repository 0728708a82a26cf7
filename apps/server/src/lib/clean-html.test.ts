import { describe, expect, it } from 'vitest';
import { cleanHtml } from './clean-html';

describe('cleanHtml', () => {
  // What the console's editor (apps/admin rich-text-editor.tsx, TipTap) writes: headings, marks, lists, a link
  // without target, an image by address. Cleaning keeps it byte for byte, so what the operator saw is what is stored.
  it("keeps the console editor's markup as it is", () => {
    const html =
      '<h3>首存加赠</h3><p>存款即送<strong>10%</strong>，<em>限时</em><u>三天</u><s>原价</s><code>VIP</code></p>' +
      '<ul><li><p>每日一次</p></li></ul><ol start="3"><li><p>第三条</p></li></ol><blockquote><p>说明</p></blockquote>' +
      '<p><a rel="noopener noreferrer nofollow" href="https://m.example.com/#/activity">查看详情</a><br>换行</p>' +
      '<img src="/uploads/0123456789abcdef0123456789abcdef.png" alt="海报"><hr><pre><code>code</code></pre>';
    expect(cleanHtml(html)).toBe(html);
  });

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
