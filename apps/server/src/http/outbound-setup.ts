import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { allowLoopbackPort } from '../lib/outbound';

/**
 * Refused venue and gateway calls are logged; the sandbox may call its own aggregator and gateway on loopback, at
 * the port this server listens on (known only once it listens, when tests take any free port).
 */
export function installOutboundPolicy(app: FastifyInstance, config: AppConfig) {
  config.outbound.report = ({ url, reason }) => app.log.warn({ url, reason }, 'outbound call refused');
  if (!config.sandbox) return;
  allowLoopbackPort(config.outbound, config.port);
  app.addHook('onListen', async () => {
    const address = app.server.address() as AddressInfo | string | null;
    if (address && typeof address === 'object') allowLoopbackPort(config.outbound, address.port);
  });
}
