/**
 * A business or request error with an HTTP status, a stable `code` and a message key that
 * the error handler translates by the request's locale. Field errors hold message keys too.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: string = code,
    readonly params: Record<string, unknown> = {},
    readonly fieldErrors: Record<string, string[]> = {},
    /** extra machine-readable data for the client (e.g. items below minimum) */
    readonly details?: Record<string, unknown>,
  ) {
    super(code);
  }
}

export const notFound = (messageKey = 'error.not_found') => new AppError(404, 'not_found', messageKey);
export const unauthorized = () => new AppError(401, 'unauthorized', 'error.unauthorized');
export const forbidden = (messageKey = 'error.forbidden') => new AppError(403, 'forbidden', messageKey);
export const validationFailed = (fieldErrors: Record<string, string[]>, messageKey = 'error.validation') =>
  new AppError(400, 'validation_failed', messageKey, {}, fieldErrors);
