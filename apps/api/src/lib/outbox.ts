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
}

/**
 * Queues a message in the caller's transaction: it is sent if and only if the business
 * change commits. A worker drains the table (see outbox-worker.ts).
 */
export async function enqueueMessage(db: DbOrTx, message: OutboxMessage): Promise<void> {
  await db.insert(outbox).values({
    channel: message.channel,
    recipient: message.recipient,
    customerId: message.customerId ?? null,
    subject: message.subject ?? '',
    body: message.body,
    html: message.html,
    meta: message.meta ?? {},
  });
}

/** The latest messages, newest first (the dev outbox page). */
export async function listRecentMessages(db: DbOrTx, limit: number) {
  return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
}
