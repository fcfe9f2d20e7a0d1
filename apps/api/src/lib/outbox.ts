import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema/index';

export interface OutboxMessage {
  channel: 'email' | 'sms';
  recipient: string;
  /** The customer the message is to or about, so erasure can find it (set it whenever known). */
  customerId?: number | null;
  subject?: string;
  body: string;
  html?: string;
  /** codes and links, shown by the dev outbox */
  meta?: Record<string, unknown>;
  /** the organiser's message to holders this email is one of (its delivery counts) */
  broadcastId?: number;
}

/**
 * Queues a message in the caller's transaction: it is sent if and only if the business
 * change commits. A worker drains the table (see outbox-worker.ts).
 */
export async function enqueueMessage(db: DbOrTx, message: OutboxMessage): Promise<void> {
  await enqueueMessages(db, [message]);
}

/** Queues many messages the same way (an organiser's message to thousands of holders), in slices. */
export async function enqueueMessages(db: DbOrTx, messages: readonly OutboxMessage[]): Promise<void> {
  for (let i = 0; i < messages.length; i += 500)
    await db.insert(outbox).values(
      messages.slice(i, i + 500).map((m) => ({
        channel: m.channel,
        recipient: m.recipient,
        customerId: m.customerId ?? null,
        subject: m.subject ?? '',
        body: m.body,
        html: m.html,
        meta: m.meta ?? {},
        broadcastId: m.broadcastId ?? null,
      })),
    );
}

/** The latest messages, newest first (the dev outbox page). */
export async function listRecentMessages(db: DbOrTx, limit: number) {
  return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
}
