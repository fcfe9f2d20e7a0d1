import { ERROR_TRACE_SAMPLE_RATE } from '@bilheteira/shared/constants';

/**
 * Sentry for the browser when the build sets VITE_SENTRY_DSN (trace sample rate 0.2,
 * spec §9). The SDK is a separate chunk loaded after start-up, never on the critical path.
 */
export function initErrorReporting(): void {
  const dsn = import.meta.env.VITE_SENTRY_DSN as string | undefined;
  if (!dsn) return;
  void import('@sentry/react').then((Sentry) =>
    Sentry.init({ dsn, tracesSampleRate: ERROR_TRACE_SAMPLE_RATE, sendDefaultPii: false }),
  );
}
