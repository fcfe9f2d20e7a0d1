import { KEY_FAILURE_LIMITS } from '../../lib/key-guard';

/**
 * Requests per door device (X-Device-Key) on the check-in endpoints: CHECKIN_DEVICE_RATE_PER_SECOND
 * (default 50) per second, with a burst of as many. A real gate scans at most a few tickets
 * per second, so a scanner never reaches it; it stops a runaway client or a leaked key
 * flooding the API. Kept in memory per API instance (no database round trip on the scan
 * path): with N instances a device could reach N × this rate, which is still harmless.
 */
export const deviceRequestLimit = (perSecond: number) => ({ ratePerSecond: perSecond, burst: perSecond });

/** Distinct wrong device keys per client IP (database counter, shared by all instances). */
export const BAD_DEVICE_KEY_LIMIT = KEY_FAILURE_LIMITS.door;

/**
 * Door scans sharing one database call (lib/batcher.ts): at most SCAN_BATCH_MAX per call and
 * SCAN_BATCHES_IN_FLIGHT calls at once per API instance; more wait for the next call. Two in
 * flight measured best (bench/journal/2026-11-23.md): one call fills while the other runs,
 * and fewer, larger batches mean fewer commits.
 */
export const SCAN_BATCH_MAX = 64;
export const SCAN_BATCHES_IN_FLIGHT = 2;
