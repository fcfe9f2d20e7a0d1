import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import { formatDateTime } from '../../lib/format';
import { Section } from './order-sections';
import type { AdminOrderView } from './orders-api';

type Entry = AdminOrderView['timeline'][number];
type TFunction = (key: string, options?: Record<string, unknown>) => string;

/** The issued tickets: holder, status, each check-in with its time and gate, transfers. */
export function TicketsSection({
  order,
  action,
}: {
  order: AdminOrderView;
  /** what the team may do with a ticket (reassign it) */
  action?: (ticket: AdminOrderView['tickets'][number]) => ReactNode;
}) {
  const { t } = useTranslation('orders');
  return (
    <Section id="tickets" title={t('tickets')}>
      {order.tickets.length === 0 ? (
        <p className="text-slate-700">{t('no_tickets')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {order.tickets.map((x) => (
            <li key={x.id} className="rounded-lg p-3 ring-1 ring-slate-200" data-testid="order-ticket">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold">
                  {x.type_name}
                  {x.session_date && (
                    <span className="font-normal text-slate-700">
                      {' '}
                      · {x.session_date.split('-').reverse().join('/')} {x.session_hour ?? ''}
                    </span>
                  )}
                </p>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-900">
                  {t(`ticket_status.${x.status}`)}
                </span>
              </div>
              <p className="text-sm text-slate-700">{t('ticket_ref', { id: x.id, end: x.token_end })}</p>
              <p className="mt-1 text-sm">
                {x.holder.pending_mobile
                  ? t('holder_pending', { mobile: x.holder.pending_mobile })
                  : t(x.holder.transferred ? 'holder_transferred' : 'holder', {
                      name: x.holder.name ?? '—',
                      mobile: x.holder.mobile ?? '—',
                    })}
              </p>
              {x.checkins.length > 0 && (
                <ul className="mt-1 text-sm" aria-label={t('checkins_of', { id: x.id })}>
                  {x.checkins.map((c) => (
                    <li key={`${c.day}-${c.scanned_at}`} data-testid="ticket-checkin">
                      {t('checked_in', {
                        date: formatDateTime(c.scanned_at),
                        gate: c.gate ?? t('no_gate'),
                      })}
                      {c.offline && ` ${t('offline')}`}
                    </li>
                  ))}
                </ul>
              )}
              {x.transfers.map((tr) => (
                <p key={tr.at} className="text-sm text-slate-700">
                  {t('transferred_on', {
                    date: formatDateTime(tr.at),
                    from: tr.from_name ?? '—',
                    mobile: tr.to_mobile,
                  })}
                </p>
              ))}
              {action && <div className="mt-2">{action(x)}</div>}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Messages to the buyer about this order or its event: what, to whom, delivered or not. */
export function MessagesSection({ order }: { order: AdminOrderView }) {
  const { t } = useTranslation('orders');
  return (
    <Section id="messages" title={t('messages')}>
      {order.messages.length === 0 ? (
        <p className="text-slate-700">{t('no_messages')}</p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {order.messages.map((m) => (
            <li key={m.id} className="break-words" data-testid="order-message">
              <span className="font-semibold">{m.channel === 'sms' ? 'SMS' : t('email')}</span> ·{' '}
              {m.subject || m.kind} · {m.recipient}
              <span className="block text-slate-700">
                {formatDateTime(m.created_at)} · {t(`message_status.${m.status}`, { defaultValue: m.status })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function actorText(t: TFunction, actor: Entry['actor']): string {
  if (!actor) return '';
  return t(`actor.${actor.kind}`, { name: actor.name ?? '' });
}

/** One timeline entry in words, with who did it when the log says. */
export function describeEntry(t: TFunction, e: Entry): string {
  const what = describeWhat(t, e);
  const who = actorText(t, e.actor);
  return who ? `${what} — ${who}` : what;
}

function describeWhat(t: TFunction, e: Entry): string {
  const amount = e.amount_cents === null ? '' : formatEur(e.amount_cents);
  const method = e.detail ? t(`method_name.${e.detail}`, { defaultValue: e.detail }) : '';
  switch (e.kind) {
    case 'order_created':
      return t('event_kind.order_created', { amount });
    case 'payment_started':
      return t('event_kind.payment_started', { method, amount });
    case 'order_paid':
      return t('event_kind.order_paid', { amount });
    case 'tickets_issued':
      return t('event_kind.tickets_issued', { count: Number(e.detail) });
    case 'payment_refunded':
      return t('event_kind.payment_refunded', { method, amount });
    case 'order_refund':
      return t(`event_kind.order_refund_${e.action === 'failed' ? 'failed' : 'done'}`, {
        amount,
        reason: e.detail ? `(${e.detail})` : '',
      });
    case 'transfer':
      return t('event_kind.transfer', { id: e.ticket_id, mobile: e.detail });
    case 'checkin':
      return t('event_kind.checkin', { id: e.ticket_id, gate: e.detail ?? t('no_gate') });
    case 'message':
      return t('event_kind.message', {
        channel: e.action === 'sms' ? 'SMS' : t('email'),
        subject: e.detail ?? '',
      });
    case 'audit':
      return t(`action.${(e.action ?? '').replace(/\./g, '_')}`, { defaultValue: e.action ?? '' });
  }
}

/** Everything that happened to the order, oldest first, in one list. */
export function TimelineSection({ order }: { order: AdminOrderView }) {
  const { t } = useTranslation('orders');
  return (
    <Section id="timeline" title={t('timeline')}>
      <ol className="relative flex flex-col gap-3 border-l-2 border-slate-200 pl-4">
        {order.timeline.map((e, i) => (
          <li key={i} data-testid="timeline-entry" data-kind={e.kind}>
            <time dateTime={e.at} className="block text-xs font-semibold text-slate-700">
              {formatDateTime(e.at)}
            </time>
            <span className="text-sm">{describeEntry(t, e)}</span>
          </li>
        ))}
      </ol>
    </Section>
  );
}
