/**
 * The one error every failed call of our clients (the member app and the console) throws: the envelope's code and
 * message, or a local code for a failure that never reached a readable envelope.
 */
export class ApiError extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
  }
}

/** Local codes for failures that never reached a readable envelope. */
export const TRANSPORT = { network: -1, timeout: -2, badResponse: -3 } as const;

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
