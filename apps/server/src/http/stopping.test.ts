import { once } from 'node:events';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';

interface RawAnswer {
  status: number;
  /** Its Connection header, if it has one. */
  connection: string | undefined;
  /** Its JSON body, parsed. */
  body: unknown;
}

/** The HTTP/1.1 answers of one connection, in order, each with its Content-Length body of JSON. */
function answersOf(received: Buffer): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = received;
  while (rest.length > 0) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) throw new Error(`an answer cut short: ${rest.toString()}`);
    const head = rest.subarray(0, headEnd).toString();
    const length = Number(/^content-length:\s*(\d+)/im.exec(head)?.[1]);
    if (!Number.isInteger(length)) throw new Error(`an answer without its length: ${head}`);
    const bodyStart = headEnd + 4;
    answers.push({
      status: Number(head.split(' ')[1]),
      connection: /^connection:\s*(.*)$/im.exec(head)?.[1],
      body: JSON.parse(rest.subarray(bodyStart, bodyStart + length).toString()),
    });
    rest = rest.subarray(bodyStart + length);
  }
  return answers;
}

/**
 * A connection whose POST /api/app is in flight (its body not yet all sent), so the server's close() waits for it.
 * `followedBy` sends the rest of that body and, behind it on the same connection, one more request; it resolves with every
 * answer the connection got once the server has closed it.
 */
async function callInFlight(port: number) {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const closed = once(socket, 'close');
  socket.write(
    'POST /api/app HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{',
  );
  return {
    async followedBy(method: string, path: string) {
      socket.write(`}${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n`);
      await closed;
      return answersOf(Buffer.concat(chunks));
    },
  };
}

describe('a call that arrives while the server stops', () => {
  it('is answered 503 with the envelope on both APIs, health checks keep their 503, and calls in flight finish', async () => {
    const t = await buildTestApp();
    const port = Number(new URL(t.origin).port);
    // Each call is in flight once the server has read its request line: an unread connection is idle, and close()
    // drops it at once.
    let started = 0;
    const allStarted = new Promise<void>((resolve) =>
      t.app.server.on('request', () => {
        if (++started === 4) resolve();
      }),
    );
    const calls = await Promise.all([callInFlight(port), callInFlight(port), callInFlight(port), callInFlight(port)]);
    await allStarted;
    const closing = t.app.close();
    // The port closes once close() has begun; the calls in flight hold it open until they are answered.
    while (t.app.server.listening) await new Promise((resolve) => setTimeout(resolve, 5));
    const [member, operator, readiness, liveness] = await Promise.all([
      calls[0].followedBy('POST', '/api/user'),
      calls[1].followedBy('POST', '/admin/api/login'),
      calls[2].followedBy('GET', '/readyz'),
      calls[3].followedBy('GET', '/healthz'),
    ]);
    await closing;
    await t.close();

    // Each call in flight is finished with its answer; the one behind it on its connection arrived while the server
    // stopped and is turned away.
    const finished = expect.objectContaining({
      status: 200,
      body: expect.objectContaining({ code: 200, data: expect.objectContaining({ title: expect.any(String) }) }),
    });
    const refused = { code: 503, message: '服务正在重启，请稍后再试', data: null };
    for (const answers of [member, operator])
      expect(answers).toEqual([finished, { status: 503, connection: 'close', body: refused }]);
    // Not the API: a load balancer reads the status, and readiness says not ready as it did before the envelope.
    const fastifyRefusal = { error: 'Service Unavailable', message: 'Service Unavailable', statusCode: 503 };
    for (const answers of [readiness, liveness])
      expect(answers).toEqual([finished, { status: 503, connection: 'close', body: fastifyRefusal }]);
  });
});
