import { endpoints } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { publicRoute } from '../../http/route';
import { readSettings } from './site-service';

const SITE_INFO_KEYS = [
  'site_state',
  'title',
  'site_logo',
  'repair_tips',
  'redpacket_switch',
  'index_modal',
  'webcontent',
  'h5_url',
  'ios_download_url',
  'ios_download_qrcode',
  'fanshui',
] as const;

export function siteRoutes(app: FastifyInstance, deps: { db: Db }) {
  // docs/wire-rules.md "Promotions and content": /api/app answers the site info fields plus fanshui (the rebate switch).
  publicRoute(app, endpoints.app, async () => ({ data: await readSettings(deps.db, SITE_INFO_KEYS) }));
}
