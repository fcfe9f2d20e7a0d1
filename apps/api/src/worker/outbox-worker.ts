import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { queryRows, type Db } from '../db/client';
import { purgeExpiredLimits } from '../lib/rate-limit';

export interface OutboxRow {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  attempts: number;
}

export interface Transport {
  send(row: OutboxRow): Promise<void>;
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise messages stay in the dev outbox. */
export function emailTransport(config: Config): Transport {
  if (!config.SMTP_URL) return { send: async () => {} };
  const mailer = nodemailer.createTransport(config.SMTP_URL);
  return {
    send: async (row) => {
      await mailer.sendMail({
        from: config.MAIL_FROM,
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        html: row.html ?? undefined,
      });
    },
  };
}

/**
 * SMS through a generic HTTP provider (POST JSON {to, text} with a bearer token), which
 * matches most EU SMS gateways; without SMS_PROVIDER_URL, SMS stay in the dev outbox.
 */
export function smsTransport(config: Config): Transport {
  const url = config.SMS_PROVIDER_URL;
  if (!url) return { send: async () => {} };
  return {
    send: async (row) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${config.SMS_PROVIDER_TOKEN ?? ''}`,
        },
        body: JSON.stringify({ to: row.recipient, text: row.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
    },
  };
}

export const MAX_ATTEMPTS = 8;

/**
 * Drains a batch of due messages. FOR UPDATE SKIP LOCKED lets any number of workers on
 * any number of instances run at once without sending a message twice.
 */
export async function drainOutbox(
  db: Db,
  transports: Record<string, Transport>,
  batch = 20,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<OutboxRow>(
      tx,
      sql`
      SELECT id, channel, recipient, subject, body, html, attempts FROM outbox
      WHERE status = 'pending' AND run_at <= now()
      ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED`,
    );
    for (const row of rows) {
      try {
        await transports[row.channel]?.send(row);
        await tx.execute(
          sql`UPDATE outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1 WHERE id = ${row.id}`,
        );
      } catch (err) {
        const attempts = row.attempts + 1;
        const backoffSeconds = 2 ** attempts * 5;
        await tx.execute(sql`
          UPDATE outbox SET attempts = ${attempts}, last_error = ${String(err).slice(0, 500)},
            status = ${attempts >= MAX_ATTEMPTS ? 'failed' : 'pending'},
            run_at = now() + make_interval(secs => ${backoffSeconds})
          WHERE id = ${row.id}`);
      }
    }
    return rows.length;
  });
}

export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/** Runs periodic jobs (outbox, order expiry…) until stopped; errors are logged, not fatal. */
export function startWorker(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  extraJobs: Job[] = [],
): () => Promise<void> {
  const transports = { email: emailTransport(config), sms: smsTransport(config) };
  const jobs: Job[] = [
    { name: 'outbox', everyMs: 500, run: () => drainOutbox(db, transports) },
    // finished rate-limit windows (one row per IP, number, key…) would otherwise pile up forever
    { name: 'rate-limits-purge', everyMs: 60_000, run: () => purgeExpiredLimits(db, new Date()) },
    ...extraJobs,
  ];
  let stopped = false;
  const running = new Set<Promise<unknown>>();
  const timers = jobs.map((job) => {
    let busy = false;
    return setInterval(() => {
      if (busy || stopped) return;
      busy = true;
      const p = job
        .run()
        .catch((err: unknown) => log.warn({ err, job: job.name }, 'job failed'))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    }, job.everyMs);
  });
  return async () => {
    stopped = true;
    timers.forEach(clearInterval);
    await Promise.allSettled([...running]);
  };
}
