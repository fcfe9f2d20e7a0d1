/**
 * Tells the holders of an event (or of one session) that it was postponed or cancelled: one
 * email and one SMS per customer, in the customer's language, queued in the outbox in the
 * caller's transaction (sent only if the change commits).
 */
import { normalizeLocale, type Locale } from '@bilheteira/shared/locales';
import type { DbOrTx } from '../../db/client';
import { translate } from '../../i18n/messages';
import { enqueueMessage } from '../../lib/outbox';
import { contactsOf } from './event-lifecycle.repository';
import './event-lifecycle-notice.messages';

const INTL_LOCALE: Record<Locale, string> = { 'pt-pt': 'pt-PT', en: 'en-GB', es: 'es-ES' };

/** A date and hour as the holder reads it, in the event's time zone. */
export function humanWhen(at: Date, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone,
  }).format(at);
}

export interface Notice {
  kind: 'postpone' | 'cancel';
  eventId: number;
  eventName: string;
  timeZone: string;
  /** the session's (old) start, or null for the whole event */
  sessionStartsAt: Date | null;
  /** postpone: the new start */
  newStartsAt?: Date;
  /** postpone: refund window; cancel: wallet refund window (when the event has a wallet) */
  until?: Date | null;
  reason: string;
  /** where the holder follows their orders (PUBLIC_URL/dashboard/orders) */
  url: string;
}

/** Queues the notice to each customer; answers how many customers were told. */
export async function notifyHolders(db: DbOrTx, customerIds: readonly number[], n: Notice): Promise<number> {
  const people = await contactsOf(db, customerIds);
  let told = 0;
  for (const c of people) {
    const locale = normalizeLocale(c.locale);
    const when = (d: Date) => humanWhen(d, locale, n.timeZone);
    const params = {
      name: c.firstName || '',
      event: n.eventName,
      what: n.sessionStartsAt
        ? translate(locale, 'event_notice.session', { when: when(n.sessionStartsAt) })
        : translate(locale, 'event_notice.whole_event'),
      when: n.newStartsAt ? when(n.newStartsAt) : '',
      until: n.until ? when(n.until) : '',
      reason: n.reason ? translate(locale, 'event_notice.reason', { reason: n.reason }) : '',
      url: n.url,
      wallet: '',
    };
    if (n.kind === 'cancel' && n.until)
      params.wallet = translate(locale, 'event_notice.cancelled_wallet', { until: params.until });
    const base = n.kind === 'postpone' ? 'event_notice.postponed' : 'event_notice.cancelled';
    const meta = { kind: `event_${n.kind}`, event_id: n.eventId, locale };
    const body = translate(locale, `${base}_body`, params);
    if (c.email) {
      await enqueueMessage(db, {
        channel: 'email',
        recipient: c.email,
        customerId: c.id,
        subject: translate(locale, `${base}_subject`, params),
        body,
        meta,
      });
    }
    if (c.mobile)
      await enqueueMessage(db, {
        channel: 'sms',
        recipient: c.mobile,
        customerId: c.id,
        body: translate(locale, `${base}_sms`, params),
        meta,
      });
    if (c.email || c.mobile) told++;
  }
  return told;
}
