import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP server that records every request it receives, standing in for whatever sits inside the network. */
export interface Listener {
  host: string;
  port: number;
  /** "http://host:port" (IPv6 in brackets). */
  origin: string;
  /** Each request's method, path, body and the connection's port on the caller's side, in arrival order. */
  received: {
    method: string;
    url: string;
    body: string;
    headers: IncomingMessage['headers'];
    remotePort: number | undefined;
  }[];
  close(): Promise<void>;
}

/** Listens on `host` at a free port; `answer` answers each request once its body (given as text) has arrived. */
export async function listen(
  host = '127.0.0.1',
  answer: (req: IncomingMessage, res: ServerResponse, body: string) => void = (_req, res) => res.end('{}'),
): Promise<Listener> {
  const received: Listener['received'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        body,
        headers: req.headers,
        remotePort: req.socket.remotePort,
      });
      answer(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    host,
    port,
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
