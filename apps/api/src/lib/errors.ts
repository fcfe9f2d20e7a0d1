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
/**
 * 429 `rate_limited`: `seconds` goes to Retry-After, the message says whole minutes (a wait
 * of 3,540 seconds reads as 59 minutes; anything up to a minute as "1 minute").
 */
export const rateLimitedError = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError(
    429,
    'rate_limited',
    minutes === 1 ? 'error.rate_limited_minute' : 'error.rate_limited',
    { seconds, minutes },
  );
};
export const validationFailed = (fieldErrors: Record<string, string[]>, messageKey = 'error.validation') =>
  new AppError(400, 'validation_failed', messageKey, {}, fieldErrors);

/** One business error, declared once in its module's `<module>.errors.ts`. */
export interface ErrorSpec {
  /** HTTP status the error handler answers */
  status: number;
  /** stable machine-readable code clients switch on */
  code: string;
  /** message key translated by the request's locale */
  key: string;
}

export interface ErrorExtras {
  fieldErrors?: Record<string, string[]>;
  /** extra machine-readable data for the client */
  details?: Record<string, unknown>;
}

/** Builds the error; `params` fill the message's placeholders. */
export type ErrorFactory = ((params?: Record<string, unknown>, extras?: ErrorExtras) => AppError) & {
  readonly spec: ErrorSpec;
};

const declaredErrors: ErrorSpec[] = [];

/**
 * Declares a module's business errors once, each thrown by name
 * (`throw orderErrors.notFound()`), the way Hi.Events has one exception per business error.
 * Every declared error is also listed for the API document (`declaredErrorSpecs`).
 */
export function defineErrors<T extends Record<string, ErrorSpec>>(
  specs: T,
): { [K in keyof T]: ErrorFactory } {
  const out = {} as Record<string, ErrorFactory>;
  for (const [name, spec] of Object.entries(specs)) {
    declaredErrors.push(spec);
    const make = (params: Record<string, unknown> = {}, extras: ErrorExtras = {}) =>
      new AppError(spec.status, spec.code, spec.key, params, extras.fieldErrors, extras.details);
    out[name] = Object.assign(make, { spec });
  }
  return out as { [K in keyof T]: ErrorFactory };
}

/** Every error declared so far, for the API document. */
export function declaredErrorSpecs(): readonly ErrorSpec[] {
  return declaredErrors;
}
