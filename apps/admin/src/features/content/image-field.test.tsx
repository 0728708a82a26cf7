import { IMAGE_UPLOAD_MAX_BYTES, MSG } from '@h5/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderScreen, signInAs } from '../../test/render';
import { mockUpload, pngFile } from '../../test/upload';
import { ImageField } from '../../shared/resources/image-field';
import { BannersPage } from './resource-screens';

const STORED = '/uploads/0123456789abcdef0123456789abcdef.png';
const fileInput = (within: HTMLElement) => within.querySelector('input[type="file"]') as HTMLInputElement;
/** The button's file input, then the drop zone's (which filters nothing, so a refused type is answered). */
const fileInputs = (within: HTMLElement) => Array.from(within.querySelectorAll<HTMLInputElement>('input[type="file"]'));

/** The field alone in a form, as a banner's 图片地址. */
const renderBannerField = () =>
  renderScreen(
    <Form>
      <Form.Item label="图片地址" name="src">
        <ImageField label="图片地址" upload="banner" />
      </Form.Item>
    </Form>,
  );

describe('轮播图: an image uploaded into the server', () => {
  it('posts the file with the token, fills the address and the preview, and saves the banner with that path', async () => {
    signInAs('content', 'editor');
    const { calls: uploads } = mockUpload(() => ok({ path: STORED, content_type: 'image/png', size: 68 }));
    const { calls } = mockApi({
      'GET /admin/api/banners': () => ok([]),
      'POST /admin/api/banners': () => ok({ id: 9, src: STORED, sort: 0, enabled: 1 }),
    });
    renderScreen(<BannersPage />);
    await userEvent.click(await screen.findByRole('button', { name: '新增轮播图' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: '上传图片' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /或将图片拖到此处上传/ })).toBeInTheDocument();

    await userEvent.upload(fileInput(dialog), pngFile('首页.png'));
    await waitFor(() => expect(within(dialog).getByLabelText('图片地址')).toHaveValue(STORED));
    expect(within(dialog).getByAltText('图片地址预览')).toHaveAttribute('src', STORED);
    expect(await screen.findByText('上传成功')).toBeInTheDocument();

    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ method: 'POST', url: '/admin/api/files' });
    expect(uploads[0]?.headers.Authorization).toBe('Bearer tok-editor');
    expect(uploads[0]?.body.get('purpose')).toBe('banner');
    expect((uploads[0]?.body.get('file') as File).name).toBe('首页.png');

    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('已新增')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ src: STORED, sort: 0, enabled: 1 });
  });

  it("shows the server's refusal and leaves the address as it was", async () => {
    signInAs('content', 'editor');
    mockUpload(() => fail(400, MSG.imageUploadTypeInvalid));
    mockApi({ 'GET /admin/api/banners': () => ok([]) });
    renderScreen(<BannersPage />);
    await userEvent.click(await screen.findByRole('button', { name: '新增轮播图' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.upload(fileInput(dialog), pngFile('fake.png'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG.imageUploadTypeInvalid);
    expect(within(dialog).getByLabelText('图片地址')).toHaveValue('');
  });

  it('refuses an empty, an over-size and an SVG file dropped on it before sending anything', async () => {
    signInAs('admin', 'boss');
    const { calls } = mockUpload(() => ok({ path: STORED, content_type: 'image/png', size: 1 }));
    renderBannerField();
    const cases: Array<[File, string]> = [
      [pngFile('empty.png', 0), MSG.imageUploadEmpty],
      [pngFile('big.png', IMAGE_UPLOAD_MAX_BYTES + 1), MSG.imageUploadTooLarge],
      [
        new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' }),
        MSG.imageUploadSvgRefused,
      ],
    ];
    for (const [file, message] of cases) {
      // rc-upload renders a fresh input after each pick.
      await userEvent.upload(fileInputs(document.body).at(-1) as HTMLInputElement, file);
      await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(message));
    }
    expect(calls).toHaveLength(0);
  });

  it('keeps typing an address, and offers no upload to a role that may not upload', async () => {
    signInAs('finance', 'cashier');
    renderBannerField();
    expect(screen.queryByRole('button', { name: '上传图片' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('图片地址'), '/art/banners/banner-1.svg');
    expect(screen.getByAltText('图片地址预览')).toHaveAttribute('src', '/art/banners/banner-1.svg');
  });
});
