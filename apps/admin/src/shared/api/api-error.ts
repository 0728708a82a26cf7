/** The one error every failed call throws: the envelope's code and message, or a local code for transport failures. */
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
