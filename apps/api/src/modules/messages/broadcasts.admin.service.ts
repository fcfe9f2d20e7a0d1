/**
 * An organiser's messages to the holders of an event (issue 27 item 3). Operational messages
 * go to every holder with an email; marketing ones only to those who consented, through
 * messages.service's marketingEmail (the one rule of marketing email: signed unsubscribe link,
 * List-Unsubscribe). Each holder reads the language of their account when the organiser wrote
 * it, else Portuguese. One outbox row per recipient, queued in the message's transaction and
 * named by it, so its delivery counts are the outbox's.
 */
import { normalizeLocale, type Locale } from '@bilheteira/shared/locales';
import type {
  BroadcastBody,
  BroadcastPreview,
  BroadcastView,
} from '@bilheteira/shared/schemas/backoffice-messages';
import type { Db, DbOrTx } from '../../db/client';
import { translate } from '../../i18n/messages';
import { audit } from '../../lib/audit';
import { enqueueMessages, type OutboxMessage } from '../../lib/outbox';
import { hitLimit } from '../../lib/rate-limit';
import { getAdminEvent } from '../events/events.admin.service';
import { broadcastErrors } from './broadcasts.admin.errors';
import {
  broadcastsOfEvent,
  holdersToWrite,
  insertBroadcast,
  organizerName,
} from './broadcasts.admin.repository';
import { marketingEmail } from './messages.service';

interface EventRef {
  organizerId: number;
  eventId: number;
}

export interface LinkOptions {
  publicUrl: string;
  linkSigningSecret: string | undefined;
}

/** At most this many messages per event an hour: holders are not a mailing list to flood. */
export const BROADCASTS_PER_EVENT_PER_HOUR = 10;

type Holder = Awaited<ReturnType<typeof holdersToWrite>>[number];

/** The event (404 for another organiser's) and the holders the message is for. */
async function audienceOf(db: DbOrTx, ref: EventRef, body: BroadcastBody) {
  const event = await getAdminEvent(db, ref.organizerId, ref.eventId);
  if (body.ticket_type_id !== null && !event.ticket_types.some((t) => t.id === body.ticket_type_id))
    throw broadcastErrors.badAudience();
  if (body.session_id !== null && !event.sessions.some((s) => s.id === body.session_id))
    throw broadcastErrors.badAudience();
  const holders = await holdersToWrite(db, event.id, {
    ticketTypeId: body.ticket_type_id,
    sessionId: body.session_id,
  });
  const reached = body.kind === 'marketing' ? holders.filter((h) => h.marketingConsent) : holders;
  return { event, holders, reached };
}

/** The text a holder reads: their language's when written, else Portuguese. */
const textFor = (body: BroadcastBody, locale: Locale) => body.texts[locale] ?? body.texts['pt-pt'];

/** The email to one holder (null: a marketing message to someone who did not consent). */
function emailTo(
  holder: Holder,
  body: BroadcastBody,
  names: { event: string; organizer: string },
  links: LinkOptions,
): OutboxMessage | null {
  const locale = normalizeLocale(holder.locale);
  const { subject, body: text } = textFor(body, locale);
  if (body.kind === 'marketing') return marketingEmail(holder, { subject, body: text }, { ...links, locale });
  const footer = translate(locale, 'broadcast.footer_operational', names);
  return {
    channel: 'email',
    recipient: holder.email!,
    customerId: holder.id,
    subject,
    body: `${text}\n\n--\n${footer}`,
    meta: { kind: 'operational' },
  };
}

export async function previewBroadcast(
  db: Db,
  ref: EventRef,
  body: BroadcastBody,
  links: LinkOptions,
): Promise<BroadcastPreview> {
  const { event, holders, reached } = await audienceOf(db, ref, body);
  const names = { event: event.name, organizer: await organizerName(db, ref.organizerId) };
  const byLocale = { 'pt-pt': 0, en: 0, es: 0 };
  for (const h of reached) byLocale[normalizeLocale(h.locale)] += 1;
  // one sample email per language written, addressed as to the first holder reading it
  const emails = (['pt-pt', 'en', 'es'] as const)
    .filter((l) => l === 'pt-pt' || body.texts[l])
    .map((locale) => {
      const sample = reached.find((h) => normalizeLocale(h.locale) === locale) ?? {
        id: 0,
        email: 'exemplo@bilheteira.pt',
        firstName: '',
        locale,
        status: 'active',
        marketingConsent: true,
      };
      const mail = emailTo({ ...sample, locale }, body, names, links)!;
      return { locale, subject: mail.subject ?? '', body: mail.body };
    });
  return {
    audience: {
      recipients: reached.length,
      by_locale: byLocale,
      without_consent: holders.length - reached.length,
    },
    emails,
  };
}

const view = (
  b: Awaited<ReturnType<typeof insertBroadcast>>,
  count: (status: string) => number,
): BroadcastView => ({
  id: b.id,
  kind: b.kind === 'marketing' ? 'marketing' : 'operational',
  ticket_type_id: b.ticketTypeId,
  session_id: b.sessionId,
  subject: b.texts['pt-pt']?.subject ?? '',
  recipients: b.recipients,
  sent: count('sent'),
  failed: count('failed'),
  pending: count('pending'),
  created_at: b.createdAt.toISOString(),
});

/** Sends the message: the broadcast row and one email per recipient, in one transaction. */
export async function sendBroadcast(
  db: Db,
  ref: EventRef,
  body: BroadcastBody,
  links: LinkOptions,
  actor: string,
  now: Date,
): Promise<BroadcastView> {
  await hitLimit(
    db,
    { key: `broadcast:event:${ref.eventId}`, max: BROADCASTS_PER_EVENT_PER_HOUR, windowSeconds: 3600 },
    now,
  );
  return db.transaction(async (tx) => {
    const { event, reached } = await audienceOf(tx, ref, body);
    if (!reached.length) throw broadcastErrors.noRecipients();
    const names = { event: event.name, organizer: await organizerName(tx, ref.organizerId) };
    const broadcast = await insertBroadcast(tx, {
      eventId: event.id,
      kind: body.kind,
      ticketTypeId: body.ticket_type_id,
      sessionId: body.session_id,
      texts: body.texts as Record<string, { subject: string; body: string }>,
      recipients: reached.length,
      actor,
      createdAt: now,
    });
    const emails = reached.flatMap((h) => {
      const mail = emailTo(h, body, names, links);
      return mail ? [{ ...mail, broadcastId: broadcast.id }] : [];
    });
    await enqueueMessages(tx, emails);
    await audit(tx, {
      actor,
      action: 'event.broadcast',
      entity: 'event',
      entityId: event.id,
      data: { broadcast_id: broadcast.id, kind: body.kind, recipients: emails.length },
    });
    return view(broadcast, (s) => (s === 'pending' ? emails.length : 0));
  });
}

export async function listBroadcasts(db: Db, ref: EventRef): Promise<BroadcastView[]> {
  const event = await getAdminEvent(db, ref.organizerId, ref.eventId);
  return (await broadcastsOfEvent(db, event.id)).map((r) => view(r.broadcast, r.count));
}
