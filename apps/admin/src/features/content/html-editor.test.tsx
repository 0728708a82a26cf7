import { describe, expect, it } from 'vitest';
import { previewHtml } from './html-editor';

describe('the HTML preview', () => {
  it('drops scripts, event handlers and javascript: links, and keeps the markup', () => {
    const html = previewHtml(
      '<h3>首存加赠</h3><script>alert(1)</script><p onclick="alert(1)">存款即送<a href="javascript:alert(1)">10%</a></p>',
    );
    expect(html).toBe('<h3>首存加赠</h3><p>存款即送<a>10%</a></p>');
  });
});
