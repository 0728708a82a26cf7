import { BizCode, MSG } from '@h5/contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import type { UploadedFile } from '../../http/multipart';
import { storeFile } from '../files/files-service';
import { sniffImage } from '../files/image-type';

/** docs/member-app.md "Constants and limits": uploads accept gif or png; ours: at most 1 MB. */
export const AVATAR_MAX_BYTES = 1024 * 1024;
/** The whole multipart body may carry headers and boundaries around the file: twice the file limit is plenty. */
export const UPLOAD_BODY_LIMIT = 2 * 1024 * 1024;
/** How much more of a body over the limit is read (and dropped) to answer it cleanly; past it the server hangs up. */
export const UPLOAD_DRAIN_LIMIT = 16 * 1024 * 1024;

export { firstFilePart, multipartBoundary, multipartUpload, type UploadedFile } from '../../http/multipart';

/** The image type told by the content itself (never by the file name): 'png', 'gif' or null. */
export function imageKind(data: Buffer): 'png' | 'gif' | null {
  const kind = sniffImage(data);
  return kind === 'png' || kind === 'gif' ? kind : null;
}

/** Checks an uploaded avatar and keeps it in the database; answers its public path. */
export async function storeAvatar(db: DbOrTx, file: UploadedFile | null): Promise<string> {
  if (!file || file.data.length === 0) throw new AppError(BizCode.BAD_INPUT, MSG.uploadMissing);
  if (file.data.length > AVATAR_MAX_BYTES) throw new AppError(BizCode.BAD_INPUT, MSG.uploadTooLarge);
  const kind = imageKind(file.data);
  if (!kind) throw new AppError(BizCode.BAD_INPUT, MSG.uploadTypeInvalid);
  return storeFile(db, { data: Buffer.from(file.data), ext: kind, purpose: 'avatar' });
}
