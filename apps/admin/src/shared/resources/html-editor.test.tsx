import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ok, renderScreen, signInAs } from '../../test/render';
import { mockUpload, pngFile } from '../../test/upload';
import { HtmlEditor } from './html-editor';
import { inertHtml, unsupportedMarkup } from './rich-text-editor';

/** The editor as a form shows it, with every value it hands out recorded. */
function Harness({ initial, onValue }: { initial: string; onValue: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <Form layout="vertical">
      <Form.Item label="活动内容" htmlFor="content">
        <HtmlEditor
          id="content"
          label="活动内容"
          value={value}
          onChange={(html) => {
            setValue(html);
            onValue(html);
          }}
        />
      </Form.Item>
      <output data-testid="value">{value}</output>
    </Form>
  );
}

const editorBox = () => screen.findByRole('textbox', { name: '活动内容' });
const toolbar = async () => within(await screen.findByRole('toolbar', { name: '活动内容格式' }));

/** The editor over `initial`; answers what it hands out. */
function renderEditor(initial: string) {
  const onValue = vi.fn();
  renderScreen(<Harness initial={initial} onValue={onValue} />);
  return onValue;
}

/** The editor over `initial`, with the cursor in its text; answers what it hands out. */
async function focusEditor(initial: string) {
  const onValue = renderEditor(initial);
  await userEvent.click(await editorBox());
  return onValue;
}

describe('the rich-text editor', () => {
  it('loads on demand and shows the value it is given, without handing anything back', async () => {
    const onValue = renderEditor('<h3>首存加赠</h3><p>存款即送<strong>10%</strong></p>');
    const box = await editorBox();
    expect(box.querySelector('h3')).toHaveTextContent('首存加赠');
    expect(box.querySelector('strong')).toHaveTextContent('10%');
    expect(onValue).not.toHaveBeenCalled();
  });

  it('makes the selected text bold with 加粗 and hands out the HTML', async () => {
    const onValue = await focusEditor('<p>存款即送</p>');
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click((await toolbar()).getByRole('button', { name: '加粗' }));
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('<p><strong>存款即送</strong></p>'));
    expect((await toolbar()).getByRole('button', { name: '加粗' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('the rich-text editor, further', () => {
  it('hands out what is typed as HTML, and nothing when emptied', async () => {
    const onValue = await focusEditor('');
    await userEvent.paste('限时活动');
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('<p>限时活动</p>'));
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith(''));
  });

  it('turns a paragraph into a 标题, takes it back with 撤销, and makes it a 列表', async () => {
    const onValue = await focusEditor('<p>活动规则</p>');
    const bar = await toolbar();
    await userEvent.click(bar.getByRole('button', { name: '标题' }));
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('<h3>活动规则</h3>'));
    await userEvent.click(bar.getByRole('button', { name: '撤销' }));
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('<p>活动规则</p>'));
    expect(bar.getByRole('button', { name: '重做' })).toBeEnabled();
    await userEvent.click(bar.getByRole('button', { name: '列表' }));
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('<ul><li><p>活动规则</p></li></ul>'));
  });

  it('links the selected text to a checked address, without a target the server would drop', async () => {
    const onValue = await focusEditor('<p>查看详情</p>');
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click((await toolbar()).getByRole('button', { name: '链接' }));
    const dialog = await screen.findByRole('dialog', { name: '插入链接' });
    await userEvent.type(within(dialog).getByLabelText('链接地址'), 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(
      await within(dialog).findByText('请输入正确的链接地址（以/开头的站内路径或http(s)网址）'),
    ).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('链接地址'));
    await userEvent.type(within(dialog).getByLabelText('链接地址'), 'https://m.example.com/#/activity');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(onValue).toHaveBeenLastCalledWith(
        '<p><a rel="noopener noreferrer nofollow" href="https://m.example.com/#/activity">查看详情</a></p>',
      ),
    );
  });

  it('inserts an image by its address', async () => {
    const onValue = await focusEditor('<p>活动海报</p>');
    await userEvent.click((await toolbar()).getByRole('button', { name: '图片' }));
    const dialog = await screen.findByRole('dialog', { name: '插入图片' });
    expect(within(dialog).queryByRole('button', { name: '上传图片' })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('图片地址'), '/art/banners/banner-1.svg');
    await userEvent.type(within(dialog).getByLabelText('说明文字'), '海报');
    await userEvent.click(within(dialog).getByRole('button', { name: '插入' }));
    await waitFor(() =>
      expect(String(onValue.mock.lastCall?.[0])).toContain('<img src="/art/banners/banner-1.svg" alt="海报">'),
    );
  });

  it('uploads an image from the 图片 dialog for an operator who may, and inserts its /uploads/ path', async () => {
    signInAs('content', 'editor');
    const { calls } = mockUpload(() =>
      ok({ path: '/uploads/0123456789abcdef0123456789abcdef.png', content_type: 'image/png', size: 68 }),
    );
    const onValue = await focusEditor('<p>海报</p>');
    await userEvent.click((await toolbar()).getByRole('button', { name: '图片' }));
    const dialog = await screen.findByRole('dialog', { name: '插入图片' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, pngFile('poster.png'));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('图片地址')).toHaveValue('/uploads/0123456789abcdef0123456789abcdef.png'),
    );
    expect(calls[0]?.headers.Authorization).toBe('Bearer tok-editor');
    expect(calls[0]?.body.get('purpose')).toBe('content');
    await userEvent.click(within(dialog).getByRole('button', { name: '插入' }));
    await waitFor(() =>
      expect(String(onValue.mock.lastCall?.[0])).toContain('<img src="/uploads/0123456789abcdef0123456789abcdef.png">'),
    );
  });

  it('shows and takes the HTML itself in 源码, and draws it when switched back', async () => {
    const onValue = renderEditor('<p>旧内容</p>');
    await editorBox();
    await userEvent.click((await toolbar()).getByRole('button', { name: '源码' }));
    const source = await screen.findByRole('textbox', { name: '活动内容HTML源码' });
    expect(source).toHaveValue('<p>旧内容</p>');
    expect((await toolbar()).getByRole('button', { name: '加粗' })).toBeDisabled();
    await userEvent.clear(source);
    await userEvent.click(source);
    await userEvent.paste('<h3>新标题</h3><p>新<em>内容</em></p>');
    expect(onValue).toHaveBeenLastCalledWith('<h3>新标题</h3><p>新<em>内容</em></p>');
    await userEvent.click((await toolbar()).getByRole('button', { name: '源码' }));
    const box = await editorBox();
    await waitFor(() => expect(box.querySelector('h3')).toHaveTextContent('新标题'));
    expect(box.querySelector('em')).toHaveTextContent('内容');
  });

  it('opens HTML it cannot keep in 源码, saying what would be lost', async () => {
    const onValue = renderEditor('<table><tr><td>VIP1</td></tr></table><p style="color:red">红字</p>');
    expect(await screen.findByRole('textbox', { name: '活动内容HTML源码' })).toHaveValue(
      '<table><tr><td>VIP1</td></tr></table><p style="color:red">红字</p>',
    );
    expect(screen.getByText(/可视化编辑无法保留：table、tbody、tr、td、style/)).toBeInTheDocument();
    expect(onValue).not.toHaveBeenCalled();
  });
});

describe('unsupportedMarkup', () => {
  it('names the elements and attributes the visual editor drops, and nothing for what it keeps', () => {
    expect(
      unsupportedMarkup(
        '<h3>标题</h3><p>正文<strong>粗</strong><em>斜</em><a href="/#/vip" target="_blank">链接</a><img src="/a.png" alt="图"></p><ul><li>一</li></ul><span>字</span>',
      ),
    ).toEqual([]);
    expect(unsupportedMarkup('纯文字')).toEqual([]);
    expect(
      unsupportedMarkup('<button class="btn">领取</button><font color="red">红</font><div style="x">块</div>'),
    ).toEqual(['button', 'font', 'style']);
    // Nothing of what is parsed runs: the handler is only named.
    expect(unsupportedMarkup('<img src="x" onerror="alert(1)">')).toEqual(['onerror']);
  });
});

describe('inertHtml', () => {
  it('drops scripts and event handlers inside tags, and keeps the markup and the text', () => {
    expect(
      inertHtml(
        '<h3>首存加赠</h3><script>alert(1)</script><p onclick="alert(1)">存款即送<img title="a>b" src=x onerror=alert(1)></p>',
      ),
    ).toBe('<h3>首存加赠</h3><p>存款即送<img title="a>b" src=x></p>');
    // Text that merely looks like an attribute stays.
    expect(inertHtml('<p>phone onset=1</p>')).toBe('<p>phone onset=1</p>');
  });
});
