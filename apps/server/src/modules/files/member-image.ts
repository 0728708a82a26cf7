import { BizCode, MSG } from '@h5/contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import type { UploadedFile } from '../../http/multipart';
import { ownedFileNames, storeFile } from './files-service';
import { sniffImage } from './image-type';

/** docs/member-app.md "Constants and limits": a member's upload is a gif or png; ours: at most 1 MB. */
export const MEMBER_IMAGE_MAX_BYTES = 1024 * 1024;

/**
 * Checks a member's avatar: present, at most 1 MB, and a PNG or GIF told by its first bytes (the name and declared
 * type are the sender's word). Answers its kind, or refuses in Chinese.
 */
export function checkMemberImage(file: UploadedFile | null): 'png' | 'gif' {
  if (!file || file.data.length === 0) throw new AppError(BizCode.BAD_INPUT, MSG.uploadMissing);
  if (file.data.length > MEMBER_IMAGE_MAX_BYTES) throw new AppError(BizCode.BAD_INPUT, MSG.uploadTooLarge);
  const kind = sniffImage(file.data);
  if (kind !== 'png' && kind !== 'gif') throw new AppError(BizCode.BAD_INPUT, MSG.uploadTypeInvalid);
  return kind;
}

/** A picture to the desk (docs/operators.md "The support desk"): a phone's photo is a JPEG, so more kinds than an avatar. */
export const ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
const ATTACHMENT_KINDS = ['png', 'gif', 'jpg', 'webp'] as const;
type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** Checks a picture to or from the desk: present, at most 2 MB, a PNG, GIF, JPEG or WebP told by its first bytes. */
export function checkAttachmentImage(file: UploadedFile | null): AttachmentKind {
  if (!file || file.data.length === 0) throw new AppError(BizCode.BAD_INPUT, MSG.uploadMissing);
  if (file.data.length > ATTACHMENT_MAX_BYTES) throw new AppError(BizCode.BAD_INPUT, MSG.imageUploadTooLarge);
  const kind = sniffImage(file.data);
  if (!ATTACHMENT_KINDS.includes(kind as AttachmentKind)) {
    throw new AppError(BizCode.BAD_INPUT, MSG.imageUploadTypeInvalid);
  }
  return kind as AttachmentKind;
}

/** The owner an attachment is kept under: only that member's lines and tickets may name it. */
export const memberOwner = (memberId: number) => `member:${memberId}`;
/** An operator's picture for a reply: only that operator's replies may name it. */
export const operatorOwner = (operatorId: number) => `operator:${operatorId}`;

/**
 * Keeps a picture to or from the desk (docs/operators.md "The support desk") under its owner; answers its public
 * path. An operator's is checked as a member's is: it is shown on the member's chat page.
 */
export async function storeAttachment(db: DbOrTx, owner: string, file: UploadedFile | null): Promise<string> {
  const ext = checkAttachmentImage(file);
  return storeFile(db, { data: Buffer.from(file!.data), ext, purpose: 'attachment', owner });
}

/**
 * The stored names of images a member (or an operator) names by their paths, each one the caller's own upload;
 * anything else (an outside URL, another's image, a made-up name) refuses the whole with `refusal`.
 */
export async function ownAttachments(
  db: DbOrTx,
  owner: string,
  paths: readonly string[],
  refusal: string,
): Promise<string[]> {
  const names = await ownedFileNames(db, paths, 'attachment', owner);
  if (!names) throw new AppError(BizCode.BAD_INPUT, refusal);
  return names;
}
