import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { endpoints } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { type Authenticate, memberRoute, publicRoute } from '../../http/route';
import { requestOrigin } from '../../http/public-origin';
import * as content from './content-service';

/** apps/server/public: the generated artwork (scripts/generate-art.ts), our service pages and the app download page. */
const publicDir = fileURLToPath(new URL('../../../public', import.meta.url));

export async function contentRoutes(app: FastifyInstance, deps: { db: Db; authenticate: Authenticate }) {
  const { db, authenticate } = deps;

  // Mounted beside the web app's own static plugin, so neither may decorate the reply.
  await app.register(fastifyStatic, {
    root: `${publicDir}/art`,
    prefix: '/art/',
    decorateReply: false,
    maxAge: '1d',
  });
  await app.register(fastifyStatic, {
    root: `${publicDir}/service`,
    prefix: '/service/',
    decorateReply: false,
  });
  // The default ios_download_url (/app/download.html): how to add the web app to a phone's home screen.
  await app.register(fastifyStatic, {
    root: `${publicDir}/app`,
    prefix: '/app/',
    decorateReply: false,
  });

  publicRoute(app, endpoints.bannerList, async () => ({ data: await content.listBanners(db) }));
  publicRoute(app, endpoints.homeNotice, async () => ({ data: await content.listNotices(db) }));
  publicRoute(app, endpoints.gameList, async () => ({ data: await content.listGames(db) }));
  publicRoute(app, endpoints.gamelistByCode, async ({ body }) => ({
    data: await content.listSlotGames(db, body.gamecode),
  }));
  publicRoute(app, endpoints.article, async ({ body }) => ({ data: await content.findArticle(db, body.type) }));
  publicRoute(app, endpoints.userVip, async () => ({ data: await content.listVipLevels(db) }));

  publicRoute(app, endpoints.getServicerUrl, async () => ({ data: { url: await content.serviceUrl(db) } }));
  publicRoute(app, endpoints.getVisitUrl, async () => ({ data: { url: await content.visitUrl(db) } }));
  memberRoute(app, endpoints.getAgentLoginUrl, authenticate, async ({ req }) => ({
    data: { url: await content.agentLoginUrl(db, requestOrigin(req)) },
  }));
}
