/**
 * Sends pending webhook deliveries: POST of the event's JSON with `Bilheteira-Event-Id` and
 * `Bilheteira-Signature` (webhook-signature.ts), 10 s to answer, any 2xx is delivered. A
 * failure is retried after 30 s, doubling up to an hour between attempts; after
 * WEBHOOK_MAX_ATTEMPTS (about 24 h) the delivery is failed, and a person may replay it from
 * the back office. A delivery is one row per (endpoint, event), claimed by one worker at a time.
 */
import http from 'node:http';
import https from 'node:https';
import type { Db } from '../../db/client';
import { claimDueDeliveries, recordAttempt, type ClaimedDelivery } from './webhook-delivery.repository';
import { signWebhook } from './webhook-signature';
import { publicOnlyLookup, webhookUrlProblem } from './webhook-url';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** A claim outlives the longest send, so no second worker takes a delivery being sent. */
const CLAIM_MS = 6 * WEBHOOK_TIMEOUT_MS;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;

/** Wait after the `attempt`-th failed attempt: 30 s, 1 min, 2 min… capped at 1 h. */
export const retryDelayMs = (attempt: number): number =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1), MAX_RETRY_MS);

/** Attempts before giving up: the 30th comes about 23 h after the first, the last retry ~24 h. */
export const WEBHOOK_MAX_ATTEMPTS = 30;

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}
/** Answers the receiver's HTTP status; throws on no answer (refused, timed out, refused address). */
export type WebhookSender = (req: WebhookRequest) => Promise<number>;

/** POST over node:http(s), no redirects followed; in production only to public addresses. */
export function httpSender(opts: { production: boolean; timeoutMs?: number }): WebhookSender {
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return (req) =>
    new Promise<number>((resolve, reject) => {
      const problem = webhookUrlProblem(req.url, opts.production);
      if (problem) return reject(new Error(`address refused (${problem})`));
      const url = new URL(req.url);
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(
        url,
        {
          method: 'POST',
          headers: { ...req.headers, 'content-length': Buffer.byteLength(req.body) },
          ...(opts.production ? { lookup: publicOnlyLookup } : {}),
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      const timer = setTimeout(
        () => request.destroy(new Error(`no answer in ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      request.on('close', () => clearTimeout(timer));
      request.on('error', reject);
      request.end(req.body);
    });
}

async function attempt(db: Db, d: ClaimedDelivery, until: Date, send: WebhookSender, now: Date) {
  const claim = { id: d.id, until };
  const failed = (status: number | null, error: string) =>
    recordAttempt(db, claim, {
      ok: false,
      status,
      error,
      nextAt: new Date(now.getTime() + retryDelayMs(d.attempts)),
      gaveUp: d.attempts >= WEBHOOK_MAX_ATTEMPTS,
    });
  try {
    const status = await send({
      url: d.url,
      body: d.body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Bilheteira-Webhooks/1',
        'bilheteira-event-id': d.event_id,
        'bilheteira-signature': signWebhook(d.secret, d.body, now),
      },
    });
    if (status >= 200 && status < 300) await recordAttempt(db, claim, { ok: true, status, at: now });
    else await failed(status, `HTTP ${status}`);
  } catch (err) {
    await failed(null, err instanceof Error ? err.message : String(err));
  }
}

/**
 * One worker pass at `now`: claims due deliveries `batch` at a time and sends each batch at
 * once, recording each answer; no new batch is claimed after `budgetMs` of wall time, so a
 * pass ends within about budgetMs + WEBHOOK_TIMEOUT_MS however many are due or however slow
 * the receivers are (a shutdown waits for it). Any number of workers may run at once.
 * Answers how many were attempted.
 */
export async function deliverDueWebhooks(
  db: Db,
  now: Date,
  send: WebhookSender,
  opts: { batch?: number; budgetMs?: number } = {},
): Promise<number> {
  const { batch = 25, budgetMs = 3_000 } = opts;
  const until = new Date(now.getTime() + CLAIM_MS);
  const started = Date.now();
  let attempted = 0;
  while (Date.now() - started < budgetMs) {
    const claimed = await claimDueDeliveries(db, now, until, batch);
    await Promise.all(claimed.map((d) => attempt(db, d, until, send, now)));
    attempted += claimed.length;
    if (claimed.length < batch) break;
  }
  return attempted;
}
