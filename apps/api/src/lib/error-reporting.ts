import { ERROR_TRACE_SAMPLE_RATE } from '@bilheteira/shared/constants';

type Capture = (error: unknown, context?: Record<string, unknown>) => void;

let capture: Capture = () => {};

/**
 * Sentry when SENTRY_DSN is set (trace sample rate 0.2, spec §9); nothing otherwise. Loaded
 * lazily so an installation without Sentry does not pay for it at start-up.
 */
export async function initErrorReporting(dsn: string | undefined, environment: string): Promise<void> {
  if (!dsn) return;
  const Sentry = await import('@sentry/node');
  Sentry.init({ dsn, environment, tracesSampleRate: ERROR_TRACE_SAMPLE_RATE, sendDefaultPii: false });
  capture = (error, context) => Sentry.captureException(error, context ? { extra: context } : undefined);
}

/** Reports an unexpected (5xx) error; never called for a client's bad input. */
export const reportError: Capture = (error, context) => capture(error, context);
