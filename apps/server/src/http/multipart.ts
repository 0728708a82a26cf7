/**
 * multipart/form-data bodies (RFC 7578), read whole into a Buffer by an upload route's own parser: only what our
 * uploads need. Part headers are read for their Content-Disposition; a part's own Content-Type is never trusted.
 */
import { MSG } from '@h5/contract';
import type { FastifyRequest } from 'fastify';
import { badInput } from './errors';

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  data: Buffer;
}

export interface MultipartForm {
  /** Text fields by name (the first of a repeated name). */
  fields: Record<string, string>;
  /** File parts in the order they came. */
  files: UploadedFile[];
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
/** Text fields are short (a purpose, a note): a longer one is cut rather than kept whole in memory twice. */
const FIELD_MAX_CHARS = 1000;

/** The boundary of a `multipart/form-data; boundary=...` content type, quoted or not. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!/^\s*multipart\/form-data\s*;/i.test(contentType ?? '')) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** An upload request's body and boundary: 400 uploadMissing unless it came as multipart/form-data. */
export function multipartUpload(req: FastifyRequest): { body: Buffer; boundary: string } {
  const boundary = multipartBoundary(req.headers['content-type']);
  if (!boundary || !Buffer.isBuffer(req.body)) throw badInput(MSG.uploadMissing);
  return { body: req.body, boundary };
}

/** Every part of the body: text fields and file parts (a part with a `filename`, even an empty one). */
export function multipartForm(body: Buffer, boundary: string): MultipartForm {
  const form: MultipartForm = { fields: {}, files: [] };
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.concat([CRLF, delimiter]);
  let cursor = body.indexOf(delimiter);
  while (cursor !== -1) {
    const afterDelimiter = cursor + delimiter.length;
    // `--boundary--` closes the body.
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString('latin1') === '--') break;
    const headerStart = afterDelimiter + CRLF.length;
    const headerEnd = body.indexOf(HEADER_END, headerStart);
    if (headerEnd === -1) break;
    const next = body.indexOf(nextDelimiter, headerEnd + HEADER_END.length);
    if (next === -1) break;
    const headers = body.subarray(headerStart, headerEnd).toString('utf8');
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? '';
    const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    const data = body.subarray(headerEnd + HEADER_END.length, next);
    if (fileName !== undefined) form.files.push({ fieldName: name, fileName, data });
    else if (name && !(name in form.fields)) form.fields[name] = data.toString('utf8').slice(0, FIELD_MAX_CHARS);
    cursor = next + CRLF.length;
  }
  return form;
}

/** The first file part of a multipart/form-data body, or null when there is none. */
export function firstFilePart(body: Buffer, boundary: string): UploadedFile | null {
  return multipartForm(body, boundary).files[0] ?? null;
}
