import { BizCode, IMAGE_UPLOAD_MAX_BYTES, MSG } from '@h5/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCall, call, useOperators, useTestApp } from '../../../test/helper';
import { keepAliveClient } from '../../../test/keep-alive';
import { gifBytes, jpegBytes, multipartBody, postMultipart, solidPng, webpBytes } from '../../../test/images';
import { auditLog } from '../../db/tables/backoffice';
import { storedFiles } from '../../db/tables/files';

// POST /admin/api/files: operators' images kept in the database and served from /uploads/, told by their bytes.

const t = useTestApp();
const ops = useOperators(t, ['content', 'finance', 'admin']);

interface Uploaded {
  path: string;
  content_type: string;
  size: number;
}
interface Answer {
  code: number;
  message: string;
  data: Uploaded | null;
}

async function storedFileCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(storedFiles);
  return row?.n ?? 0;
}

const upload = (
  token: string | undefined,
  file: { name: string; data: Buffer; type?: string; field?: string } | null,
  fields: Record<string, string> = { purpose: 'banner' },
) => postMultipart<Answer>(t.app, '/admin/api/files', token, multipartBody(file, fields));

/** An upload that must be refused with `message` (code 400 unless said), storing nothing. */
async function refused(
  file: { name: string; data: Buffer; type?: string } | null,
  message: string,
  options: { token?: string; code?: number; fields?: Record<string, string> } = {},
) {
  const before = await storedFileCount();
  const answer = await upload(options.token ?? ops.content, file, options.fields);
  expect(answer).toEqual({ code: options.code ?? BizCode.BAD_INPUT, message, data: null });
  expect(await storedFileCount()).toBe(before);
}

describe('POST /admin/api/files', () => {
  it('stores a PNG, audits it, and serves it back byte for byte with its type and long caching', async () => {
    const png = solidPng(75, 28);
    const answer = await upload(ops.content, { name: '首页轮播.png', data: png, type: 'image/png' });
    expect(answer.code).toBe(200);
    const uploaded = answer.data!;
    expect(uploaded).toEqual({
      path: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.png$/),
      content_type: 'image/png',
      size: png.length,
    });

    const served = await t.app.inject({ method: 'GET', url: uploaded.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.rawPayload, png)).toBe(0);

    const name = uploaded.path.slice('/uploads/'.length);
    const [row] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.name, name));
    expect(row).toMatchObject({ purpose: 'banner', contentType: 'image/png', size: png.length });

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'file.upload'), eq(auditLog.target, `file:${name}`)))
      .orderBy(desc(auditLog.id));
    expect(entry).toBeDefined();
    expect(JSON.parse(entry!.after as string)).toMatchObject({
      path: uploaded.path,
      purpose: 'banner',
      content_type: 'image/png',
      size: png.length,
      file_name: '首页轮播.png',
    });

    // The path goes into a banner as it is, and the member app's list carries it.
    const banner = await adminCall<{ id: number }>(t, ops.content, 'POST', '/admin/api/banners', {
      src: uploaded.path,
      sort: -5,
      enabled: 1,
    });
    expect(banner.code).toBe(200);
    const list = await call<Array<{ src: string }>>(t.app, '/api/bannerList', {});
    expect(JSON.stringify(list.data)).toContain(uploaded.path);
  });

  it('tells JPEG, GIF and WebP by their bytes, whatever the name and declared type say', async () => {
    const cases: Array<[Buffer, string, string]> = [
      [jpegBytes(), 'jpg', 'image/jpeg'],
      [gifBytes(), 'gif', 'image/gif'],
      [webpBytes(), 'webp', 'image/webp'],
    ];
    for (const [data, ext, type] of cases) {
      const answer = await upload(ops.admin, { name: 'renamed.png', data, type: 'image/png' }, { purpose: 'content' });
      expect(answer.code, ext).toBe(200);
      expect(answer.data?.path).toMatch(new RegExp(`^/uploads/[a-f0-9]{32}\\.${ext}$`));
      expect(answer.data?.content_type).toBe(type);
      const served = await t.app.inject({ method: 'GET', url: answer.data!.path });
      expect(served.headers['content-type']).toBe(type);
      expect(Buffer.compare(served.rawPayload, data)).toBe(0);
      const [row] = await t.database.db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.name, answer.data!.path.slice(9)));
      expect(row?.purpose).toBe('content');
    }
  });

  it('takes banner as the purpose when none is sent, and refuses an unknown one', async () => {
    const answer = await upload(ops.content, { name: 'a.png', data: solidPng() }, {});
    expect(answer.code).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.name, answer.data!.path.slice(9)));
    expect(row?.purpose).toBe('banner');
    await refused({ name: 'a.png', data: solidPng() }, MSG.imageUploadPurposeInvalid, {
      fields: { purpose: 'avatar' },
    });
  });

  it('refuses a fake PNG: the right name and type, the wrong bytes', async () => {
    await refused(
      { name: 'banner.png', data: Buffer.from('this is not a png at all'), type: 'image/png' },
      MSG.imageUploadTypeInvalid,
    );
    // A PNG signature cut short, and an HTML page named as a JPEG.
    await refused(
      { name: 'cut.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]), type: 'image/png' },
      MSG.imageUploadTypeInvalid,
    );
    await refused(
      { name: 'x.jpg', data: Buffer.from('<html><script>alert(1)</script></html>'), type: 'image/jpeg' },
      MSG.imageUploadTypeInvalid,
    );
  });

  it('refuses SVG, however it is named or dressed', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="750" height="280"><script>alert(document.cookie)</script></svg>';
    await refused({ name: 'banner.svg', data: Buffer.from(svg), type: 'image/svg+xml' }, MSG.imageUploadSvgRefused);
    await refused(
      {
        name: 'banner.png',
        data: Buffer.from(`\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg>\n${svg}`),
        type: 'image/png',
      },
      MSG.imageUploadSvgRefused,
    );
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(svg, 'utf16le')]);
    await refused({ name: 'wide.svg', data: utf16, type: 'image/svg+xml' }, MSG.imageUploadSvgRefused);
  });

  it('refuses an empty file, and a form without a file or not multipart at all', async () => {
    await refused({ name: 'empty.png', data: Buffer.alloc(0), type: 'image/png' }, MSG.imageUploadEmpty);
    await refused(null, MSG.uploadMissing);
    const before = await storedFileCount();
    const json = await adminCall(t, ops.content, 'POST', '/admin/api/files', { file: 'iVBORw0KGgo=' });
    expect(json).toEqual({ code: BizCode.BAD_INPUT, message: MSG.uploadMissing, data: null });
    expect(await storedFileCount()).toBe(before);
  });

  it(`keeps a file of exactly ${IMAGE_UPLOAD_MAX_BYTES} bytes and refuses one byte more`, async () => {
    const png = solidPng();
    const exact = Buffer.concat([png, Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES - png.length)]);
    expect((await upload(ops.content, { name: 'max.png', data: exact })).code).toBe(200);
    await refused({ name: 'over.png', data: Buffer.concat([exact, Buffer.from([0])]) }, MSG.imageUploadTooLarge);
  });

  it('answers a body far over the limit with the envelope over a real connection, which stays usable', async () => {
    const before = await storedFileCount();
    const body = multipartBody({ name: 'huge.png', data: Buffer.concat([solidPng(), Buffer.alloc(5 * 1024 * 1024)]) });
    const { send, close } = keepAliveClient(t.origin, {
      'content-type': body.contentType,
      authorization: `Bearer ${ops.content}`,
    });
    try {
      const big = await send('/admin/api/files', body.payload);
      expect(big.status).toBe(200);
      expect(JSON.parse(big.body)).toEqual({ code: BizCode.BAD_INPUT, message: MSG.imageUploadTooLarge, data: null });
      const after = await send('/admin/api/me', null, { 'content-type': 'application/json' });
      expect(after.reused).toBe(true);
      expect(JSON.parse(after.body)).toMatchObject({ code: 200 });
    } finally {
      close();
    }
    expect(await storedFileCount()).toBe(before);
  });

  it('refuses an operator without content rights, and a caller without a session, before storing anything', async () => {
    await refused({ name: 'a.png', data: solidPng(), type: 'image/png' }, MSG.operatorForbidden, {
      token: ops.finance,
      code: BizCode.FORBIDDEN,
    });
    const before = await storedFileCount();
    const visitor = await upload(undefined, { name: 'a.png', data: solidPng() });
    expect(visitor.code).toBe(BizCode.UNAUTHORIZED);
    expect(await storedFileCount()).toBe(before);
  });

  it('is in the API docs as a multipart upload for admin and content', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const op = (
      res.json() as { paths: Record<string, Record<string, { description: string; requestBody: { content: object } }>> }
    ).paths['/admin/api/files']?.post;
    expect(op?.description).toBe('Roles: admin, content');
    expect(Object.keys(op?.requestBody.content ?? {})).toEqual(['multipart/form-data']);
  });
});
