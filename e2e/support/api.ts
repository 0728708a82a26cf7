// The JSON calls the journeys make to the server beside the pages (member API, back office, sign-in), sent as the
// apps send them. Free of test-runner imports, so that the global setup can use them before any journey runs.

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** A JSON request with a bearer token when there is one; answers the server's envelope, whatever its code. */
export async function requestJson<T>(
  url: string,
  {
    method = 'POST',
    body,
    token,
    headers = {},
  }: {
    method?: 'GET' | 'POST' | 'PUT';
    body?: unknown;
    token?: string | null;
    /** Headers beside these (the console's device id at sign-in). */
    headers?: Record<string, string>;
  } = {},
): Promise<Envelope<T>> {
  const res = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  return (await res.json()) as Envelope<T>;
}

/** The data of an answer a journey's set-up needs to succeed; otherwise an error naming the call. */
export function dataOf<T>(answer: Envelope<T>, call: string): T {
  if (answer.code !== 200) throw new Error(`${call}: ${answer.code} ${answer.message}`);
  return answer.data;
}
