import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QR_SIZE_STUB } from '@bilheteira/shared/constants';
import type { CustomerTicketView } from '@bilheteira/shared/schemas/tickets';
import { currentLocale } from '../../../i18n/i18n';
import { formatDay } from '../../../lib/date-format';
import { useSupportSession } from '../../../stores/session-store';
import { ticketValidatedQuery } from '../api/tickets';
import { canTransfer, isMultiDay, periodDays, showsQr } from '../lib/ticket-display';
import { StatusBadge } from './status-badge';
import { CrossedQr, TicketQr } from './ticket-qr';

/**
 * One ticket of the list (spec §2/§4): name, session date and hour, status label (fetched
 * from ticket-validated, refetched when the ticket changes, placeholder while loading) and
 * the QR (65 px) with a transfer button while it admits, else a crossed-out QR.
 */
export function TicketStub({
  ticket,
  showEvent,
  onOpen,
  onTransfer,
  onHistory,
}: {
  ticket: CustomerTicketView;
  showEvent: boolean;
  onOpen(): void;
  onTransfer(): void;
  onHistory(): void;
}) {
  const { t } = useTranslation('tickets');
  // transfers are the customer's own decision, never a support session's
  const support = useSupportSession();
  const locale = currentLocale();
  const validated = useQuery(ticketValidatedQuery(ticket.token));
  const status = validated.data?.name ?? null;
  const checkins = validated.data?.checkinlist.length ?? ticket.checkinlist.length;
  const days = periodDays(ticket);
  const headingId = `ticket-${ticket.id}-name`;

  return (
    <li
      className="card flex gap-4"
      aria-labelledby={headingId}
      data-testid="ticket-stub"
      data-ticket-id={ticket.id}
    >
      <div className="shrink-0">
        {status === null ? (
          <div
            className="rounded-lg bg-slate-200 p-1.5"
            style={{ width: QR_SIZE_STUB + 12, height: QR_SIZE_STUB + 12 }}
            aria-hidden
          />
        ) : showsQr(status) ? (
          <TicketQr token={ticket.token} size={QR_SIZE_STUB} />
        ) : (
          <CrossedQr size={QR_SIZE_STUB} />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="text-base font-bold leading-snug">
            {ticket.ticket.name}
          </h3>
          <StatusBadge name={status} />
        </div>
        {showEvent && <p className="text-sm font-medium text-slate-800">{ticket.event.name}</p>}
        <p className="mt-0.5 text-sm text-slate-700">
          {days.length > 1
            ? t('days_range', {
                from: formatDay(days[0]!, locale),
                to: formatDay(days[days.length - 1]!, locale),
                count: days.length,
              })
            : ticket.session_date
              ? t('date_hour', {
                  date: formatDay(ticket.session_date, locale),
                  hour: ticket.session_hour ?? '',
                })
              : null}
        </p>
        <p className="mt-0.5 text-xs text-slate-600">{t('ticket_number', { id: ticket.id })}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className="btn-primary px-4 py-2 text-sm" onClick={onOpen}>
            {t('open')}
            <span className="sr-only"> {ticket.ticket.name}</span>
          </button>
          {status !== null && !support && canTransfer(status, checkins) && (
            <button type="button" className="btn-secondary px-4 py-2 text-sm" onClick={onTransfer}>
              {t('transfer')}
              <span className="sr-only"> {ticket.ticket.name}</span>
            </button>
          )}
          {isMultiDay(ticket) && (
            <button type="button" className="btn-secondary px-4 py-2 text-sm" onClick={onHistory}>
              {t('history')}
              <span className="sr-only"> {ticket.ticket.name}</span>
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
