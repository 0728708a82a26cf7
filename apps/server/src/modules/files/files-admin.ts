import {
  adminEndpoints,
  type AdminDataOf,
  IMAGE_UPLOAD_MAX_BYTES,
  type ImageUploadPurpose,
  firstIssueMessage,
  MSG,
} from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { type AuthenticateOperator, authorizeOperator } from '../../http/admin-route';
import { uploadRoute } from '../../http/drain-body';
import { badInput } from '../../http/errors';
import { multipartForm, multipartUpload, type UploadedFile } from '../../http/multipart';
import { audit } from '../backoffice/audit';
import { FILES_PREFIX, storeFile } from './files-service';
import { IMAGE_CONTENT_TYPE, sniffImage } from './image-type';

/** The multipart body carries the file plus its part headers, boundaries and the purpose field. */
export const IMAGE_UPLOAD_BODY_LIMIT = IMAGE_UPLOAD_MAX_BYTES + 64 * 1024;
/** How much more of a body over the limit is read (and dropped) to answer it cleanly; past it the server hangs up. */
const IMAGE_UPLOAD_DRAIN_LIMIT = 16 * 1024 * 1024;

type UploadedImage = AdminDataOf<typeof adminEndpoints.imageUpload>;

/**
 * Checks an operator's image and keeps it, with its audit row, in one transaction. The type is told by the first
 * bytes only (PNG, JPEG, GIF, WebP); SVG is refused with its own message, since an SVG served from our origin could
 * run script; empty and over-size files are refused before anything is looked at.
 */
export async function storeOperatorImage(
  db: Db,
  file: UploadedFile | null,
  purpose: ImageUploadPurpose,
  by: { operatorId: number; requestId: string },
): Promise<UploadedImage> {
  if (!file) throw badInput(MSG.uploadMissing);
  if (file.data.length === 0) throw badInput(MSG.imageUploadEmpty);
  if (file.data.length > IMAGE_UPLOAD_MAX_BYTES) throw badInput(MSG.imageUploadTooLarge);
  const kind = sniffImage(file.data);
  if (kind === 'svg') throw badInput(MSG.imageUploadSvgRefused);
  if (!kind) throw badInput(MSG.imageUploadTypeInvalid);
  const image = { content_type: IMAGE_CONTENT_TYPE[kind], size: file.data.length };
  return db.transaction(async (tx) => {
    const path = await storeFile(tx, { data: Buffer.from(file.data), ext: kind, purpose });
    await audit(tx, {
      operatorId: by.operatorId,
      action: 'file.upload',
      target: `file:${path.slice(FILES_PREFIX.length)}`,
      // The name the operator's computer gave the file: only to recognise it in the log.
      after: { path, purpose, ...image, file_name: file.fileName.slice(0, 128) },
      requestId: by.requestId,
    });
    return { path, ...image };
  });
}

/**
 * POST /admin/api/files (contract: adminEndpoints.imageUpload), an upload route of its own (`uploadRoute`): the
 * token, two-factor enrolment and role are checked on request, before a byte of the body is read, so an operator
 * without content rights never gets a file into memory.
 */
export async function filesAdminRoutes(app: FastifyInstance, deps: { db: Db }, authenticate: AuthenticateOperator) {
  const endpoint = adminEndpoints.imageUpload;
  await uploadRoute(app, {
    endpoint,
    bodyLimit: IMAGE_UPLOAD_BODY_LIMIT,
    drainLimit: IMAGE_UPLOAD_DRAIN_LIMIT,
    tooLarge: MSG.imageUploadTooLarge,
    who: (req) => authorizeOperator(authenticate, endpoint, req),
    handler: async (req, operator) => {
      const { body, boundary } = multipartUpload(req);
      const form = multipartForm(body, boundary);
      const input = endpoint.input.safeParse(form.fields);
      if (!input.success) throw badInput(firstIssueMessage(input.error));
      const file = form.files.find((f) => f.fieldName === 'file') ?? form.files[0] ?? null;
      const data = await storeOperatorImage(deps.db, file, input.data.purpose, {
        operatorId: operator.id,
        requestId: req.id,
      });
      return { code: 200, message: MSG.ok, data };
    },
  });
}
