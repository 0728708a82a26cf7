import type { DbOrTx } from '../../db/client';
import type { UploadedFile } from '../../http/multipart';
import { storeFile } from '../files/files-service';
import { checkMemberImage, MEMBER_IMAGE_MAX_BYTES } from '../files/member-image';
import { sniffImage } from '../files/image-type';

/** docs/member-app.md "Constants and limits": uploads accept gif or png; ours: at most 1 MB. */
export const AVATAR_MAX_BYTES = MEMBER_IMAGE_MAX_BYTES;
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
  const kind = checkMemberImage(file);
  return storeFile(db, { data: Buffer.from(file!.data), ext: kind, purpose: 'avatar' });
}
