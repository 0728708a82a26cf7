import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

// Small image files and multipart bodies built in code, so upload tests need no fixture files.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A real PNG of `width` x `height` pixels of one RGBA colour. */
export function solidPng(width = 1, height = 1, rgba: [number, number, number, number] = [255, 0, 0, 255]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 4).map((_, i) => rgba[i % 4] ?? 0)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of a JPEG (SOI, APP0 JFIF) and some padding: what a type check reads. */
export const jpegBytes = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.alloc(64, 1),
  ]);

/** A GIF89a header and a little more. */
export const gifBytes = () =>
  Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), Buffer.alloc(32)]);

/** A RIFF/WEBP container header with a VP8L chunk start. */
export function webpBytes(): Buffer {
  const payload = Buffer.concat([Buffer.from('WEBPVP8L', 'latin1'), Buffer.from([5, 0, 0, 0, 0x2f, 0, 0, 0, 0])]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(payload.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, payload]);
}

/** A multipart/form-data body: text fields, then one file part (unless `file` is null). */
export function multipartBody(
  file: { name: string; data: Buffer; type?: string; field?: string } | null,
  fields: Record<string, string> = {},
) {
  const boundary = '----h5test9Xk2LmQpZr';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Posts a multipart body to the app as a browser's form upload (with a bearer token when given): the JSON answer. */
export async function postMultipart<T>(
  app: FastifyInstance,
  url: string,
  token: string | undefined,
  body: { payload: Buffer; contentType: string },
): Promise<T> {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as T;
}
