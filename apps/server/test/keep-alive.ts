import http from 'node:http';

export interface KeepAliveAnswer {
  status: number;
  body: string;
  /** Whether the request went over the connection an earlier one left open. */
  reused: boolean;
}

/**
 * One keep-alive connection to the test server, for what a refused upload leaves of a connection: `send` makes a
 * request with these headers (and its own `extra`) and answers the status, the body text and whether the connection
 * was reused. A body is POSTed, whole or, with `trickle`, in pieces of 64 KiB 2 ms apart, as a client on a slow link
 * still sending when the server has decided; without a body the method is GET unless named. `close` ends the
 * connection.
 */
export function keepAliveClient(origin: string, headers: Record<string, string>, options: { trickle?: boolean } = {}) {
  const address = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (
    path: string,
    payload: Buffer | null,
    extra: Record<string, string | number> = {},
    method = payload ? 'POST' : 'GET',
  ) =>
    new Promise<KeepAliveAnswer>((resolve, reject) => {
      const req = http.request(
        { host: address.hostname, port: address.port, path, method, agent, headers: { ...headers, ...extra } },
        (r) => {
          let text = '';
          r.setEncoding('utf8');
          r.on('data', (c: string) => (text += c));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, body: text, reused: req.reusedSocket }));
        },
      );
      req.on('error', reject);
      if (!payload || !options.trickle) return req.end(payload ?? undefined);
      let sent = 0;
      const next = () => {
        const piece = payload.subarray(sent, sent + 64 * 1024);
        sent += piece.length;
        if (sent >= payload.length) return req.end(piece);
        req.write(piece);
        setTimeout(next, 2);
      };
      next();
    });
  return { send, close: () => agent.destroy() };
}
