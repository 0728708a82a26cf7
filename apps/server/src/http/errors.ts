import { BizCode, MSG } from '@h5/contract';

/** A business outcome the member should see: its code and Chinese message go out in the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badInput = (message: string = MSG.badInput) => new AppError(BizCode.BAD_INPUT, message);
export const unauthorized = () => new AppError(BizCode.UNAUTHORIZED, MSG.notLoggedIn);
