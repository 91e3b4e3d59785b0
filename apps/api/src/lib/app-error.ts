/**
 * The one error type of the API. Code throws it with the HTTP status and the text a user sees;
 * the error handler turns it into the envelope. Anything else that escapes is a bug and becomes a 500
 * whose details stay in the log.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    /** The text a user sees, as `reason` in the envelope. */
    readonly reason: string,
    readonly developerMessage?: string,
  ) {
    super(reason);
    this.name = 'AppError';
  }

  static badRequest(reason: string, developerMessage?: string) {
    return new AppError(400, reason, developerMessage);
  }
  static unauthorized(reason = 'You need to log in to access this resource') {
    return new AppError(401, reason);
  }
  static forbidden(reason = "You don't have enough permission") {
    return new AppError(403, reason);
  }
  static notFound(reason: string) {
    return new AppError(404, reason);
  }
  static conflict(reason: string) {
    return new AppError(409, reason);
  }
}
