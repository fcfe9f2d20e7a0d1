import type { Locale } from '@bilheteira/shared/locales';
import type { Db, DbOrTx } from '../../db/client';
import { translate } from '../../i18n/messages';
import { audit } from '../../lib/audit';
import { messagesErrors } from './messages.errors';
import { enqueueMessage, type OutboxMessage } from '../../lib/outbox';
import { hitLimit } from '../../lib/rate-limit';
import { actorName, type Actor } from '../account/account-actor';
import { withdrawMarketingConsent } from '../account/account.service';
import { getMyEvent } from '../account/my-events.service';
import { insertContactMessage } from './messages.repository';
import {
  linkSigningKey,
  unsubscribeToken,
  unsubscribeUrl,
  verifyUnsubscribeToken,
} from './unsubscribe-token';
import './messages.messages';

export const ORGANIZER_MESSAGE_LIMITS = {
  perCustomer: { max: 5, windowSeconds: 3600 },
  perCustomerDay: { max: 20, windowSeconds: 24 * 3600 },
};

/** Organisers read their mail in Portuguese: the product is Portuguese-first. */
const ORGANIZER_LOCALE: Locale = 'pt-pt';

/**
 * "Send message" of the info area: stored in contact_messages and emailed to the event's
 * contact address through the outbox, with the customer's email as reply-to. Throws 404
 * for an event the customer holds nothing for, 429 when sent too often.
 */
export async function sendMessageToOrganizer(
  db: Db,
  actor: Actor,
  input: { eventId: number; subject: string; message: string },
  now: Date,
): Promise<void> {
  const c = actor.customer;
  const { event } = await getMyEvent(db, c.id, input.eventId);
  await hitLimit(
    db,
    { key: `organizer-message:customer:${c.id}`, ...ORGANIZER_MESSAGE_LIMITS.perCustomer },
    now,
  );
  await hitLimit(
    db,
    { key: `organizer-message-day:customer:${c.id}`, ...ORGANIZER_MESSAGE_LIMITS.perCustomerDay },
    now,
  );
  const name = `${c.firstName} ${c.lastName}`.trim();
  await db.transaction(async (tx) => {
    const id = await insertContactMessage(tx, {
      kind: 'organizer',
      customerId: c.id,
      eventId: event.id,
      name: name || (c.mobile ?? ''),
      email: c.email,
      message: input.subject ? `${input.subject}\n\n${input.message}` : input.message,
    });
    await enqueueMessage(tx, {
      channel: 'email',
      recipient: event.contactEmail,
      customerId: c.id,
      subject: translate(ORGANIZER_LOCALE, 'messages.organizer_subject', { event: event.name }),
      body: translate(ORGANIZER_LOCALE, 'messages.organizer_body', {
        event: event.name,
        name: name || '—',
        email: c.email ?? '—',
        mobile: c.mobile ?? '—',
        subject: input.subject || translate(ORGANIZER_LOCALE, 'messages.no_subject'),
        message: input.message,
      }),
      // customer_id lets erasure find and delete this message with the person's other data.
      meta: { reply_to: c.email, customer_id: String(c.id), contact_message_id: id },
    });
    await audit(tx, {
      actor: actorName(actor),
      action: 'contact_message.sent',
      entity: 'contact_message',
      entityId: id,
      data: { event_id: event.id },
    });
  });
}

export interface MarketingRecipient {
  id: number;
  email: string | null;
  marketingConsent: boolean;
  status: string;
  locale: string;
}

/**
 * The marketing email to a customer, only one who consented, always with the signed
 * unsubscribe link (body footer and List-Unsubscribe); null for anyone else. The one rule of
 * marketing email: every sender builds its messages here.
 */
export function marketingEmail(
  customer: MarketingRecipient,
  mail: { subject: string; body: string; html?: string },
  /** `linkSigningSecret`: the config's LINK_SIGNING_SECRET */
  opts: { publicUrl: string; linkSigningSecret: string | undefined; locale: Locale },
): OutboxMessage | null {
  if (!customer.marketingConsent || !customer.email || customer.status === 'erased') return null;
  const key = linkSigningKey(opts.publicUrl, opts.linkSigningSecret);
  const url = unsubscribeUrl(opts.publicUrl, unsubscribeToken(key, customer.id));
  const footer = translate(opts.locale, 'messages.marketing_footer', { url });
  return {
    channel: 'email',
    recipient: customer.email,
    customerId: customer.id,
    subject: mail.subject,
    body: `${mail.body}\n\n--\n${footer}`,
    html: mail.html,
    meta: {
      kind: 'marketing',
      customer_id: String(customer.id),
      unsubscribe_url: url,
      headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    },
  };
}

/** Queues a marketing email (marketingEmail); answers false when the customer may not get one. */
export async function enqueueMarketingEmail(
  db: DbOrTx,
  customer: MarketingRecipient,
  mail: { subject: string; body: string; html?: string },
  opts: { publicUrl: string; linkSigningSecret: string | undefined; locale: Locale },
): Promise<boolean> {
  const message = marketingEmail(customer, mail, opts);
  if (message) await enqueueMessage(db, message);
  return message !== null;
}

/**
 * The unsubscribe link (no login): a valid signed token withdraws marketing consent,
 * logged with source "unsubscribe_link". Throws 400 for a bad token; an erased customer
 * answers as done (nothing left to send to).
 */
export async function unsubscribeByToken(
  db: Db,
  input: {
    token: string;
    publicUrl: string;
    linkSigningSecret: string | undefined;
    warn?: (m: string) => void;
  },
  now: Date,
): Promise<{ emailHint: string | null }> {
  const key = linkSigningKey(input.publicUrl, input.linkSigningSecret, input.warn);
  const id = verifyUnsubscribeToken(key, input.token);
  if (!id) throw messagesErrors.unsubscribeInvalid();
  const c = await withdrawMarketingConsent(db, id, 'unsubscribe_link', now);
  const email = c?.email ?? null;
  return { emailHint: email ? email.replace(/^(.)[^@]*(@.*)$/, '$1•••$2') : null };
}
