import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { avatarsUnder } from '../accounts/member-records';
import { storedFiles } from '../../db/tables/files';

/** Where stored files are served; an avatar column keeps this path (answers make it a full URL). */
export const FILES_PREFIX = '/uploads/';
const STORED_NAME = /^[a-f0-9]{32}\.(png|gif|jpg|webp|svg)$/;

/**
 * 'banner' and 'content' are operators' images (POST /admin/api/files), 'avatar' members' own, 'attachment' a
 * member's image to the desk (a chat line's or a ticket's, docs/operators.md "The support desk").
 */
export type FilePurpose = 'avatar' | 'banner' | 'content' | 'attachment';

const CONTENT_TYPE: Record<string, string> = {
  png: 'image/png',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** Keeps a file in the database under a new random name; answers its public path. */
export async function storeFile(
  db: DbOrTx,
  file: { data: Buffer; ext: keyof typeof CONTENT_TYPE; purpose: FilePurpose; owner?: string },
): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${file.ext}`;
  await db.insert(storedFiles).values({
    name,
    contentType: CONTENT_TYPE[file.ext] ?? 'application/octet-stream',
    size: file.data.length,
    data: file.data,
    purpose: file.purpose,
    owner: file.owner ?? '',
  });
  return `${FILES_PREFIX}${name}`;
}

/** The stored name behind a public path, or null for anything that is not one of ours (a default image, a URL). */
export function storedNameOf(publicPath: string): string | null {
  if (!publicPath.startsWith(FILES_PREFIX)) return null;
  const name = publicPath.slice(FILES_PREFIX.length);
  return STORED_NAME.test(name) ? name : null;
}

/** Removes a stored file of the given purpose that was replaced. */
export async function removeFile(db: DbOrTx, publicPath: string, purpose: FilePurpose): Promise<void> {
  const name = storedNameOf(publicPath);
  if (name) await db.delete(storedFiles).where(and(eq(storedFiles.name, name), eq(storedFiles.purpose, purpose)));
}

/**
 * The stored names behind public paths that are all files of this purpose and owner, or null when any one is not
 * (an outside URL, a made-up name, another owner's file).
 */
export async function ownedFileNames(
  db: DbOrTx,
  publicPaths: readonly string[],
  purpose: FilePurpose,
  owner: string,
): Promise<string[] | null> {
  const names = publicPaths.map(storedNameOf);
  if (names.some((n) => n === null)) return null;
  const wanted = [...new Set(names as string[])];
  if (!wanted.length) return [];
  const found = await db
    .select({ name: storedFiles.name })
    .from(storedFiles)
    .where(and(inArray(storedFiles.name, wanted), eq(storedFiles.purpose, purpose), eq(storedFiles.owner, owner)));
  return found.length === wanted.length ? (names as string[]) : null;
}

export async function readStoredFile(db: DbOrTx, name: string) {
  if (!STORED_NAME.test(name)) return null;
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.name, name));
  return row ?? null;
}

/**
 * Avatars of installs that kept them as files under an upload directory: brought into the database once, under
 * the same names, so the paths members have keep working. Answers how many were brought in.
 */
export async function importUploadDirectory(db: Db, dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const rows = await avatarsUnder(db, FILES_PREFIX);
  let imported = 0;
  for (const { avatar } of rows) {
    const name = storedNameOf(avatar);
    if (!name || (await readStoredFile(db, name))) continue;
    const data = await readFile(path.join(dir, name)).catch(() => null);
    if (!data) continue;
    const ext = name.split('.').pop() ?? '';
    await db
      .insert(storedFiles)
      .values({
        name,
        contentType: CONTENT_TYPE[ext] ?? 'application/octet-stream',
        size: data.length,
        data,
        purpose: 'avatar',
      })
      .onConflictDoNothing();
    imported += 1;
  }
  return imported;
}
