import {
  VENUE_WALLET_ACTIONS,
  VENUE_WALLET_HTTP_STATUS,
  type VenueWalletAction,
  type VenueWalletAnswer,
  venueWalletBodies,
} from '@h5/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { verifyHmac } from '../../lib/hmac';
import * as seamless from './seamless-service';
import type { SeamlessDeps } from './seamless-service';

/** How far a callback's timestamp may be from our clock. */
export const SIGNATURE_WINDOW_SECONDS = 300;
/** Callbacks are small JSON bodies. */
const BODY_LIMIT = 16 * 1024;

type Handler<A extends VenueWalletAction> = (
  venue: seamless.SeamlessVenue,
  body: z.output<(typeof venueWalletBodies)[A]>,
) => Promise<VenueWalletAnswer>;

const isAction = (value: string): value is VenueWalletAction =>
  (VENUE_WALLET_ACTIONS as readonly string[]).includes(value);

function answer(reply: FastifyReply, body: VenueWalletAnswer) {
  return reply.code(VENUE_WALLET_HTTP_STATUS[body.status]).send(body);
}

/**
 * The seamless-wallet callback API (contract `venue-wallet.ts`): `POST /api/venues/{code}/wallet/{action}`. The body
 * is kept raw until its signature is verified against the venue's secret; nothing is parsed or looked up for a
 * caller who cannot sign.
 */
export function seamlessRoutes(app: FastifyInstance, deps: SeamlessDeps) {
  const handlers: { [A in VenueWalletAction]: Handler<A> } = {
    authenticate: (venue, body) => seamless.authenticate(deps, venue, body.token),
    balance: (venue, body) => seamless.balance(deps, venue, body.player),
    bet: (venue, body) => seamless.bet(deps, venue, body),
    win: (venue, body) => seamless.win(deps, venue, body),
    rollback: (venue, body) => seamless.rollback(deps, venue, body),
  };

  app.register(async (scope) => {
    scope.removeContentTypeParser(['application/json']);
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );

    scope.post<{ Params: { code: string; action: string } }>('/api/venues/:code/wallet/:action', async (req, reply) => {
      const venue = await seamless.seamlessVenue(deps.db, req.params.code);
      if (!venue || !isAction(req.params.action)) return answer(reply, seamless.refusal('INVALID_REQUEST'));
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.headers['x-signature'];
      if (!verifyHmac(venue.secret, raw, typeof signature === 'string' ? signature : undefined)) {
        return answer(reply, seamless.refusal('INVALID_SIGNATURE'));
      }
      // A transfer-wallet venue only checks its launch tokens here: its money moves by transfers.
      if (!venue.seamless && req.params.action !== 'authenticate')
        return answer(reply, seamless.refusal('INVALID_REQUEST'));
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        return answer(reply, seamless.refusal('INVALID_REQUEST'));
      }
      const action = req.params.action;
      const parsed = venueWalletBodies[action].safeParse(json);
      if (!parsed.success) return answer(reply, seamless.refusal('INVALID_REQUEST'));
      const now = Math.floor(deps.clock.now().getTime() / 1000);
      // A signed request replayed after the window is refused before it is looked at.
      if (Math.abs(now - parsed.data.timestamp) > SIGNATURE_WINDOW_SECONDS)
        return answer(reply, seamless.refusal('INVALID_SIGNATURE'));

      return answer(reply, await (handlers[action] as Handler<VenueWalletAction>)(venue, parsed.data));
    });
  });
}
