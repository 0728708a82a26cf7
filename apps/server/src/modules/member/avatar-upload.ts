import { BizCode, MSG } from '@h5/contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import { storeFile } from '../files/files-service';

/** SPEC 9: uploads accept gif or png; ours: at most 1 MB. */
export const AVATAR_MAX_BYTES = 1024 * 1024;
/** The whole multipart body may carry headers and boundaries around the file: twice the file limit is plenty. */
export const UPLOAD_BODY_LIMIT = 2 * 1024 * 1024;
/** How much more of a body over the limit is read (and dropped) to answer it cleanly; past it the server hangs up. */
export const UPLOAD_DRAIN_LIMIT = 16 * 1024 * 1024;

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  data: Buffer;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a `multipart/form-data; boundary=...` content type, quoted or not. */
export function multipartBoundary(contentType: string | undefined): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * The first file part of a multipart/form-data body (RFC 7578), or null when there is none. Only what an avatar
 * upload needs: part headers are read for their Content-Disposition; other fields are skipped.
 */
export function firstFilePart(body: Buffer, boundary: string): UploadedFile | null {
  const delimiter = Buffer.from(`--${boundary}`);
  let cursor = body.indexOf(delimiter);
  while (cursor !== -1) {
    const afterDelimiter = cursor + delimiter.length;
    // `--boundary--` closes the body.
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString('latin1') === '--') return null;
    const headerStart = afterDelimiter + CRLF.length;
    const headerEnd = body.indexOf(HEADER_END, headerStart);
    if (headerEnd === -1) return null;
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), headerEnd + HEADER_END.length);
    if (next === -1) return null;
    const headers = body.subarray(headerStart, headerEnd).toString('utf8');
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
    const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    if (fileName !== undefined) {
      return {
        fieldName: /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? '',
        fileName,
        data: body.subarray(headerEnd + HEADER_END.length, next),
      };
    }
    cursor = next + CRLF.length;
  }
  return null;
}

/** The image type told by the content itself (never by the file name): 'png', 'gif' or null. */
export function imageKind(data: Buffer): 'png' | 'gif' | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head = data.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return null;
}

/** Checks an uploaded avatar and keeps it in the database; answers its public path. */
export async function storeAvatar(db: DbOrTx, file: UploadedFile | null): Promise<string> {
  if (!file || file.data.length === 0) throw new AppError(BizCode.BAD_INPUT, MSG.uploadMissing);
  if (file.data.length > AVATAR_MAX_BYTES) throw new AppError(BizCode.BAD_INPUT, MSG.uploadTooLarge);
  const kind = imageKind(file.data);
  if (!kind) throw new AppError(BizCode.BAD_INPUT, MSG.uploadTypeInvalid);
  return storeFile(db, { data: Buffer.from(file.data), ext: kind, purpose: 'avatar' });
}
