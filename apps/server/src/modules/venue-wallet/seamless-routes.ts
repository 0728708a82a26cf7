import { VENUE_PROTOCOLS } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { CallbackRequest, WalletAnswer, WalletCall } from '../../providers/venues/venue-protocol';
import { venueProtocols } from '../../providers/venues/venue-protocols';
import * as seamless from './seamless-service';
import type { SeamlessDeps } from './seamless-service';

/** Callbacks are small JSON bodies. */
const BODY_LIMIT = 16 * 1024;

/** Carries out a wallet call, whatever protocol carried it. */
async function carryOut(deps: SeamlessDeps, venue: seamless.SeamlessVenue, call: WalletCall): Promise<WalletAnswer> {
  switch (call.action) {
    case 'authenticate':
      return seamless.authenticate(deps, venue, call.token);
    case 'balance':
      return seamless.balance(deps, venue, call.player);
    case 'bet':
      return seamless.bet(deps, venue, call);
    case 'win':
      return seamless.win(deps, venue, call);
    case 'rollback':
      return seamless.rollback(deps, venue, call);
  }
}

/**
 * The venues' wallet callbacks, one set of routes per venue protocol (docs/venues.md "Venue protocols"): h5 at
 * `POST /api/venues/{code}/wallet/{action}`, hub88 at `POST /api/venues/{code}/hub88/{published path}`. The body is
 * kept raw until the protocol's signature rule verified it; nothing is parsed or looked up for a caller who cannot
 * sign. What the call asks is carried out by the protocol-blind seamless wallet, and its answer goes back in the
 * protocol's words.
 */
export function seamlessRoutes(app: FastifyInstance, deps: SeamlessDeps) {
  app.register(async (scope) => {
    scope.removeContentTypeParser(['application/json']);
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );

    for (const protocol of VENUE_PROTOCOLS) {
      const adapter = venueProtocols[protocol];
      for (const route of adapter.routes) {
        scope.post<{ Params: { code: string; action?: string } }>(
          `/api/venues/:code/${route.path}`,
          async (req, reply) => {
            const request: CallbackRequest = {
              name: route.name ?? req.params.action ?? '',
              raw: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
              headers: req.headers,
            };
            const found = await seamless.seamlessVenue(deps.db, req.params.code);
            const venue = found && found.protocol === protocol && adapter.configured(found.credentials) ? found : null;
            const send = (answer: WalletAnswer) => {
              const out = adapter.reply(venue, request, answer);
              return reply.code(out.httpStatus).headers(out.headers).send(out.body);
            };
            if (!venue || !adapter.isCall(request.name))
              return send({ ...seamless.refusal('INVALID_REQUEST'), reason: 'unknown_venue' });
            if (!adapter.verify(venue.credentials, request)) return send(seamless.refusal('INVALID_SIGNATURE'));
            // A transfer-wallet venue only checks its launch tokens here: its money moves by transfers.
            if (!venue.seamless && !adapter.transferVenueCalls.includes(request.name))
              return send(seamless.refusal('INVALID_REQUEST'));
            let json: unknown;
            try {
              json = JSON.parse(request.raw.toString('utf8'));
            } catch {
              return send({ ...seamless.refusal('INVALID_REQUEST'), reason: 'wrong_syntax' });
            }
            const parsed = adapter.parse(request.name, json, Math.floor(deps.clock.now().getTime() / 1000));
            if ('refusal' in parsed) return send(parsed.refusal);
            const call = parsed.call;
            if ('currency' in call && call.currency !== undefined && call.currency !== venue.currency)
              return send({ ...seamless.refusal('INVALID_REQUEST'), reason: 'wrong_currency' });
            return send(await carryOut(deps, venue, call));
          },
        );
      }
    }
  });
}
