import { isPurchasable, type EventStatus } from '@bilheteira/shared/event-status';
import { allInPriceCents, formatEur, type ServiceFee } from '@bilheteira/shared/money';
import type { EventDetail } from '@bilheteira/shared/schemas/events';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localDayAndHour, normalizeHour } from '../../../lib/date-format';
import { nextQuantity, quantityBounds } from '../lib/quantity';
import { PriceStepNote } from './price-step-note';
import { SessionPickers, useSessionChoice } from './session-pickers';
import { TicketPrice, TicketPriceNote } from './ticket-price';

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

/** Key of a cart line: one ticket type for one session (or for the event). */
export const cartLineKey = (ticketId: number, sessionId: number | null) => `${ticketId}:${sessionId ?? 0}`;

/** What the add button did, for the page's feedback (toast). */
export type CartChange = 'added' | 'updated';

const STEPPER =
  'inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-xl font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:cursor-not-allowed disabled:opacity-40';

type TicketType = EventDetail['ticket_types'][number];

/** One ticket type: name, description, price, availability and its quantity stepper. */
function TicketTypeRow({
  tt,
  fee,
  timeZone,
  available,
  lastTickets,
  inCart,
  n,
  closed,
  enabled,
  canIncrease,
  onStep,
}: {
  tt: TicketType;
  /** the event's service cost and its VAT: prices are shown all-in */
  fee: ServiceFee;
  /** the event's time zone (the date an announced price ends) */
  timeZone: string;
  available: number;
  /** few left: "últimos bilhetes" instead of the count */
  lastTickets: boolean;
  /** quantity of this ticket (and session) already in the cart */
  inCart: number;
  n: number;
  /** the event cannot be bought (sold out, finished…): no stepper at all */
  closed: boolean;
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
          <TicketPrice priceCents={tt.price_cents} fee={fee} />
          {(!closed || available === 0) && (
            <>
              <span className="mx-2 text-slate-400" aria-hidden>
                ·
              </span>
              <span
                data-testid="ticket-available"
                className={
                  available === 0
                    ? 'text-red-800'
                    : lastTickets
                      ? 'font-semibold text-amber-800'
                      : 'text-emerald-800'
                }
              >
                {available === 0
                  ? t('tickets.sold_out')
                  : !tt.on_sale
                    ? t('tickets.not_on_sale')
                    : lastTickets
                      ? t('tickets.last')
                      : t('tickets.available', { count: available })}
              </span>
            </>
          )}
        </p>
        <PriceStepNote schedule={tt.price_schedule} fee={fee} timeZone={timeZone} />
        <TicketPriceNote priceCents={tt.price_cents} fee={fee} />
        {inCart > 0 && !closed && (
          <p className="mt-1 text-sm font-medium text-indigo-800" data-testid="ticket-in-cart">
            {t('tickets.in_cart', { count: inCart })}
          </p>
        )}
      </div>
      {!closed && (
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
      )}
    </li>
  );
}

/**
 * Ticket types with price and availability, session date and hour pickers for session
 * events, quantity steppers bounded by min/max per order and stock, and one button that
 * hands each changed line to `onAdd` (the cart wires it; without it the button is off).
 * The steppers start at what the cart already holds for the chosen session (`inCart`), and
 * a line's quantity is SET to the stepper's (spec §4), so adding never shrinks the cart by
 * surprise; the button says whether it adds or updates. A closed event (sold out, finished,
 * cancelled, not yet on sale) shows why, and no stepper.
 */
export function TicketSelector({
  event,
  onAdd,
  inCart = {},
  onAdded,
}: {
  event: EventDetail;
  /** sets one cart line; false when it failed (the API client already said why) */
  onAdd?: (item: CartItemInput) => Promise<boolean | void> | boolean | void;
  /** quantities in the cart by cartLineKey */
  inCart?: Record<string, number>;
  onAdded?: (change: CartChange) => void;
}) {
  const { t } = useTranslation('catalog');
  const { dates, date, hours, session, dateCancelled, chooseDate, chooseHour } = useSessionChoice(
    event.sessions,
  );
  /** the steppers the buyer changed; the others show the cart's quantity */
  const [qty, setQty] = useState<Record<number, number>>({});
  const [busy, setBusy] = useState(false);
  const status = event.status as EventStatus;
  const purchasable = isPurchasable(status);
  const needsSession = event.is_session;
  const sessionMissing = needsSession && !session;
  const lineSession = needsSession ? (session?.id ?? null) : null;

  const availableFor = (tt: TicketType) =>
    needsSession ? (session?.availability[String(tt.id)] ?? 0) : tt.available;
  const lastTicketsFor = (tt: TicketType) =>
    needsSession ? !!session?.last_tickets.includes(tt.id) : tt.last_tickets;
  const cartQty = (typeId: number) => inCart[cartLineKey(typeId, lineSession)] ?? 0;

  const rows = event.ticket_types.map((tt) => ({ tt, n: qty[tt.id] ?? cartQty(tt.id), had: cartQty(tt.id) }));
  const changed = rows.filter((r) => r.n !== r.had);
  const chosen = rows.filter((r) => r.n > 0);
  // all-in, as the prices above: the sum the cart's total will show
  const fee = { bp: event.service_fee_bp, vatPercent: event.service_fee_vat_percent };
  const totalCents = chosen.reduce((s, l) => s + l.n * allInPriceCents(l.tt.price_cents, fee), 0);
  const totalCount = chosen.reduce((s, l) => s + l.n, 0);
  const updates = changed.some((r) => r.had > 0);

  const add = async () => {
    if (!onAdd || !changed.length || sessionMissing) return;
    const when = session
      ? { session_id: session.id, session_date: session.date, session_hour: normalizeHour(session.hour) }
      : (() => {
          const local = localDayAndHour(event.starts_at, event.timezone);
          return { session_id: null, session_date: local.date, session_hour: local.hour };
        })();
    setBusy(true);
    try {
      for (const l of changed) {
        const ok = await onAdd({
          ticket_id: l.tt.id,
          event_id: event.id,
          event_slug: event.slug,
          amount: l.n,
          ...when,
        });
        if (ok === false) return;
      }
      setQty({});
      onAdded?.(updates ? 'updated' : 'added');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="tickets-title" className="card" data-testid="ticket-selector">
      <h2 id="tickets-title" className="text-xl font-bold">
        {t('tickets.title')}
      </h2>

      {purchasable && needsSession && dates.length > 0 && (
        <SessionPickers
          dates={dates}
          date={date}
          hours={hours}
          session={session}
          onDate={(d) => {
            chooseDate(d);
            setQty({});
          }}
          onHour={(id) => {
            chooseHour(id);
            setQty({});
          }}
        />
      )}
      {purchasable && needsSession && dateCancelled && (
        <p className="mt-3 text-slate-800" role="status" data-testid="session-cancelled">
          {t('tickets.session_cancelled')}
        </p>
      )}
      {purchasable && needsSession && dates.length === 0 && (
        <p className="mt-3 text-slate-700">{t('tickets.no_sessions')}</p>
      )}

      {event.ticket_types.length === 0 ? (
        <p className="mt-3 text-slate-700">{t('tickets.none')}</p>
      ) : purchasable && needsSession && dateCancelled ? null : (
        <ul className="mt-4 divide-y divide-slate-200" data-testid="ticket-types">
          {rows.map(({ tt, n, had }) => {
            const available = purchasable ? availableFor(tt) : Math.max(0, tt.available);
            const bounds = quantityBounds(tt.min_per_order, tt.max_per_order, available);
            const enabled = purchasable && tt.on_sale && bounds.max > 0 && !sessionMissing;
            return (
              <TicketTypeRow
                key={tt.id}
                tt={tt}
                fee={fee}
                timeZone={event.timezone}
                available={available}
                lastTickets={purchasable && lastTicketsFor(tt)}
                inCart={had}
                n={n}
                closed={!purchasable}
                enabled={enabled}
                canIncrease={n < bounds.max}
                onStep={(delta) => setQty({ ...qty, [tt.id]: nextQuantity(n, delta, bounds) })}
              />
            );
          })}
        </ul>
      )}

      {purchasable ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
          <p aria-live="polite" data-testid="ticket-total">
            {totalCount > 0
              ? t('tickets.selected', { count: totalCount, total: formatEur(totalCents) })
              : t('tickets.choose')}
          </p>
          <button
            type="button"
            className="btn-primary"
            disabled={!onAdd || !changed.length || busy || sessionMissing}
            onClick={() => void add()}
            data-testid="add-to-cart"
          >
            {busy
              ? t(updates ? 'tickets.updating' : 'tickets.adding')
              : t(updates ? 'tickets.update' : 'tickets.add')}
          </button>
        </div>
      ) : (
        <p
          className="mt-4 border-t border-slate-200 pt-4 font-semibold text-slate-900"
          data-testid="tickets-closed"
          data-status={status}
        >
          {t(`tickets.closed.${status as Exclude<EventStatus, 'available'>}`)}
        </p>
      )}
      {!onAdd && purchasable && <p className="mt-2 text-sm text-slate-700">{t('tickets.cart_soon')}</p>}
    </section>
  );
}
