import type { IncomingMessage } from 'node:http';

/**
 * Reads and discards what is left of a request body, at most `max` more bytes; answers whether it all arrived.
 * Answering a refused upload only after its body is in lets the client read the answer: a server that closes
 * while the client is still sending resets the connection, and browsers then show a network error instead.
 */
export function drainBody(raw: IncomingMessage, max: number): Promise<boolean> {
  if (raw.complete || raw.readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (whole: boolean) => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onError);
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > max) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onError);
    raw.resume();
  });
}
