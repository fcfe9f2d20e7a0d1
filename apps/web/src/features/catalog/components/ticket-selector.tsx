import { isPurchasable, type EventStatus } from '@bilheteira/shared/event-status';
import { formatEur } from '@bilheteira/shared/money';
import type { EventDetail } from '@bilheteira/shared/schemas/events';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { formatDay, localDayAndHour, normalizeHour } from '../../../lib/date-format';
import { nextQuantity, quantityBounds } from '../lib/quantity';

export interface CartItemInput {
  ticket_id: number;
  session_id: number | null;
  /** YYYY-MM-DD */
  session_date: string;
  session_hour: string;
  event_id: number;
  /** the event's link: a private event's cart and checkout need it */
  event_slug: string;
  amount: number;
}

type Session = EventDetail['sessions'][number];

const CHIP =
  'cursor-pointer rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 has-checked:border-slate-900 has-checked:bg-slate-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-amber-600';
const STEPPER =
  'inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-xl font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:cursor-not-allowed disabled:opacity-40';

type TicketType = EventDetail['ticket_types'][number];

/** One ticket type: name, description, price, availability and its quantity stepper. */
function TicketTypeRow({
  tt,
  available,
  n,
  enabled,
  canIncrease,
  onStep,
}: {
  tt: TicketType;
  available: number;
  n: number;
  enabled: boolean;
  canIncrease: boolean;
  onStep(delta: 1 | -1): void;
}) {
  const { t } = useTranslation('catalog');
  const nameId = `tt-${tt.id}-name`;
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 py-4"
      data-testid="ticket-type"
      data-ticket-id={tt.id}
    >
      <div className="min-w-0 flex-1">
        <p id={nameId} className="font-semibold">
          {tt.name}
        </p>
        {tt.description && <p className="text-sm text-slate-700">{tt.description}</p>}
        <p className="mt-1 text-sm">
          <span className="font-semibold" data-testid="ticket-price">
            {formatEur(tt.price_cents)}
          </span>
          <span className="mx-2 text-slate-400" aria-hidden>
            ·
          </span>
          <span
            data-testid="ticket-available"
            className={available > 0 ? 'text-emerald-800' : 'text-red-800'}
          >
            {!tt.on_sale
              ? t('tickets.not_on_sale')
              : available > 0
                ? t('tickets.available', { count: available })
                : t('tickets.sold_out')}
          </span>
        </p>
      </div>
      <div className="flex items-center gap-2" role="group" aria-labelledby={nameId}>
        <button
          type="button"
          className={STEPPER}
          aria-label={t('tickets.decrease', { name: tt.name })}
          disabled={!enabled || n === 0}
          onClick={() => onStep(-1)}
        >
          −
        </button>
        <output
          className="w-8 text-center font-semibold tabular-nums"
          aria-live="polite"
          data-testid="ticket-qty"
        >
          {n}
        </output>
        <button
          type="button"
          className={STEPPER}
          aria-label={t('tickets.increase', { name: tt.name })}
          disabled={!enabled || !canIncrease}
          onClick={() => onStep(1)}
        >
          +
        </button>
      </div>
    </li>
  );
}

/**
 * Ticket types with price and availability, session date and hour pickers for session
 * events, quantity steppers bounded by min/max per order and stock, and one add button
 * that hands each chosen line to `onAdd` (the cart wires it; without it the button is off).
 */
export function TicketSelector({
  event,
  onAdd,
}: {
  event: EventDetail;
  onAdd?: (item: CartItemInput) => Promise<void> | void;
}) {
  const { t } = useTranslation('catalog');
  const locale = currentLocale();
  const dates = useMemo(() => [...new Set(event.sessions.map((s) => s.date))], [event.sessions]);
  const [date, setDate] = useState<string | null>(dates[0] ?? null);
  const hours = event.sessions.filter((s) => s.date === date);
  const [sessionId, setSessionId] = useState<number | null>(event.sessions[0]?.id ?? null);
  const session: Session | undefined = hours.find((s) => s.id === sessionId) ?? hours[0];
  const [qty, setQty] = useState<Record<number, number>>({});
  const [busy, setBusy] = useState(false);
  const purchasable = isPurchasable(event.status as EventStatus);
  const needsSession = event.is_session;
  const sessionMissing = needsSession && !session;

  const availableFor = (typeId: number, fallback: number) =>
    needsSession ? (session?.availability[String(typeId)] ?? 0) : fallback;

  const lines = event.ticket_types.map((tt) => ({ tt, n: qty[tt.id] ?? 0 })).filter((l) => l.n > 0);
  const totalCents = lines.reduce((s, l) => s + l.n * l.tt.price_cents, 0);
  const totalCount = lines.reduce((s, l) => s + l.n, 0);

  const chooseDate = (d: string) => {
    setDate(d);
    setSessionId(event.sessions.find((s) => s.date === d)?.id ?? null);
    setQty({});
  };

  const add = async () => {
    if (!onAdd || !lines.length || sessionMissing) return;
    const when = session
      ? { session_id: session.id, session_date: session.date, session_hour: normalizeHour(session.hour) }
      : (() => {
          const local = localDayAndHour(event.starts_at, event.timezone);
          return { session_id: null, session_date: local.date, session_hour: local.hour };
        })();
    setBusy(true);
    try {
      for (const l of lines) {
        await onAdd({ ticket_id: l.tt.id, event_id: event.id, event_slug: event.slug, amount: l.n, ...when });
      }
      setQty({});
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="tickets-title" className="card" data-testid="ticket-selector">
      <h2 id="tickets-title" className="text-xl font-bold">
        {t('tickets.title')}
      </h2>

      {needsSession && dates.length > 0 && (
        <div className="mt-4 space-y-4">
          <fieldset>
            <legend className="field-label">{t('tickets.session_date')}</legend>
            <div className="flex flex-wrap gap-2" data-testid="session-dates">
              {dates.map((d) => (
                <label key={d} className={CHIP}>
                  <input
                    type="radio"
                    name="session-date"
                    value={d}
                    checked={d === date}
                    onChange={() => chooseDate(d)}
                    className="sr-only"
                  />
                  <span>{formatDay(d, locale)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="field-label">{t('tickets.session_hour')}</legend>
            <div className="flex flex-wrap gap-2" data-testid="session-hours">
              {hours.map((s) => (
                <label key={s.id} className={CHIP}>
                  <input
                    type="radio"
                    name="session-hour"
                    value={s.id}
                    checked={s.id === session?.id}
                    onChange={() => {
                      setSessionId(s.id);
                      setQty({});
                    }}
                    className="sr-only"
                  />
                  <span>{normalizeHour(s.hour)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      )}
      {needsSession && dates.length === 0 && (
        <p className="mt-3 text-slate-700">{t('tickets.no_sessions')}</p>
      )}

      {event.ticket_types.length === 0 ? (
        <p className="mt-3 text-slate-700">{t('tickets.none')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" data-testid="ticket-types">
          {event.ticket_types.map((tt) => {
            const available = availableFor(tt.id, tt.available);
            const bounds = quantityBounds(tt.min_per_order, tt.max_per_order, available);
            const n = qty[tt.id] ?? 0;
            const enabled = purchasable && tt.on_sale && bounds.max > 0 && !sessionMissing;
            return (
              <TicketTypeRow
                key={tt.id}
                tt={tt}
                available={available}
                n={n}
                enabled={enabled}
                canIncrease={n < bounds.max}
                onStep={(delta) => setQty({ ...qty, [tt.id]: nextQuantity(n, delta, bounds) })}
              />
            );
          })}
        </ul>
      )}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
        <p aria-live="polite" data-testid="ticket-total">
          {totalCount > 0
            ? t('tickets.selected', { count: totalCount, total: formatEur(totalCents) })
            : t('tickets.choose')}
        </p>
        <button
          type="button"
          className="btn-primary"
          disabled={!onAdd || !purchasable || !lines.length || busy || sessionMissing}
          onClick={() => void add()}
          data-testid="add-to-cart"
        >
          {busy ? t('tickets.adding') : t('tickets.add')}
        </button>
      </div>
      {!onAdd && purchasable && <p className="mt-2 text-sm text-slate-700">{t('tickets.cart_soon')}</p>}
    </section>
  );
}
