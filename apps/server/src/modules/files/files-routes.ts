import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { FILES_PREFIX, readStoredFile } from './files-service';

/** Serves stored files from the database, so any server process answers for a file another one stored. */
export function filesRoutes(app: FastifyInstance, db: Db) {
  app.get(`${FILES_PREFIX}:name`, async (req, reply) => {
    const { name } = req.params as { name: string };
    const file = await readStoredFile(db, name);
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('文件不存在');
    // Names are random and never reused: a cached copy never goes stale.
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', `"${name}"`)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .type(file.contentType)
      .send(file.data);
  });
}
