import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COPIED_TOKEN_DIALOG_MS, QR_SIZE_MODAL, TICKET_MODAL_LOADING_MS } from '@bilheteira/shared/constants';
import type { CustomerTicketView } from '@bilheteira/shared/schemas/tickets';
import { currentLocale } from '../../../i18n/i18n';
import { formatDateTime, formatDay } from '../../../lib/date-format';
import { showAlert } from '../../../stores/alert-store';
import { useSupportSession } from '../../../stores/session-store';
import { ticketValidatedQuery } from '../api/tickets';
import { copyText } from '../lib/copy-text';
import { canTransfer, isMultiDay, periodDays, showsQr } from '../lib/ticket-display';
import { StatusBadge } from './status-badge';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { SITE_DIALOG } from '../../../components/dialog-options';
import { CrossedQr, TicketQr } from './ticket-qr';

/**
 * Ticket detail modal (spec §2/§9): a loader for 0.8 s first, then the QR at 120 px, the
 * text token with a copy button (Clipboard API, older fallback, 2.5 s copied dialog), the
 * status, and the history (multi-day passes) and transfer actions.
 */
export function TicketDetailModal({
  ticket,
  onClose,
  onTransfer,
  onHistory,
}: {
  ticket: CustomerTicketView | null;
  onClose(): void;
  onTransfer(ticket: CustomerTicketView): void;
  onHistory(ticket: CustomerTicketView): void;
}) {
  const { t } = useTranslation('tickets');
  const [loading, setLoading] = useState(true);
  const open = ticket !== null;

  useEffect(() => {
    if (!open) return;
    setLoading(true);
    const timer = setTimeout(() => setLoading(false), TICKET_MODAL_LOADING_MS);
    return () => clearTimeout(timer);
  }, [open, ticket?.id]);

  return (
    <DialogFrame
      {...SITE_DIALOG}
      closeLabel={t('common:close')}
      open={open}
      onClose={onClose}
      title={ticket?.ticket.name ?? t('detail_title')}
      description={ticket?.event.name}
      testId="ticket-detail-modal"
    >
      {ticket &&
        (loading ? (
          <div className="grid place-items-center py-10" role="status" data-testid="ticket-detail-loader">
            <span
              className="h-10 w-10 animate-spin rounded-full border-4 border-slate-200 border-t-slate-900"
              aria-hidden
            />
            <span className="mt-3 text-sm text-slate-700">{t('loading')}</span>
          </div>
        ) : (
          <TicketDetailBody ticket={ticket} onTransfer={onTransfer} onHistory={onHistory} />
        ))}
    </DialogFrame>
  );
}

function TicketDetailBody({
  ticket,
  onTransfer,
  onHistory,
}: {
  ticket: CustomerTicketView;
  onTransfer(ticket: CustomerTicketView): void;
  onHistory(ticket: CustomerTicketView): void;
}) {
  const { t } = useTranslation('tickets');
  const locale = currentLocale();
  // transfers are the customer's own decision, never a support session's
  const support = useSupportSession();
  const validated = useQuery(ticketValidatedQuery(ticket.token));
  const status = validated.data?.name ?? null;
  const checkinList = validated.data?.checkinlist ?? ticket.checkinlist;
  const checkins = checkinList.length;
  const days = periodDays(ticket);
  // a single-day ticket is used once: say when (multi-day passes have the history modal)
  const firstUse = days.length > 1 ? undefined : checkinList.map((c) => c.created_at).sort()[0];

  const copy = async () => {
    const ok = await copyText(ticket.token);
    await showAlert(
      ok
        ? {
            type: 'success',
            title: t('copied_title'),
            text: t('copied_text'),
            timerMs: COPIED_TOKEN_DIALOG_MS,
          }
        : { type: 'error', title: t('copy_failed_title'), text: t('copy_failed_text') },
    );
  };

  return (
    <div className="grid gap-4" data-testid="ticket-detail">
      <div className="flex items-center justify-between gap-3">
        <StatusBadge name={status} />
        <span className="text-sm text-slate-700">{t('ticket_number', { id: ticket.id })}</span>
      </div>
      <div className="grid place-items-center">
        {status === null ? (
          <div
            className="rounded-lg bg-slate-200"
            style={{ width: QR_SIZE_MODAL + 12, height: QR_SIZE_MODAL + 12 }}
            aria-hidden
          />
        ) : showsQr(status) ? (
          <TicketQr token={ticket.token} size={QR_SIZE_MODAL} />
        ) : (
          <CrossedQr size={QR_SIZE_MODAL} />
        )}
      </div>
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-700">{days.length > 1 ? t('days') : t('date')}</dt>
          <dd className="text-right font-semibold">
            {days.length > 1
              ? days.map((d) => formatDay(d, locale)).join(' · ')
              : ticket.session_date
                ? t('date_hour', {
                    date: formatDay(ticket.session_date, locale),
                    hour: ticket.session_hour ?? '',
                  })
                : '—'}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-700">{t('checkins_count')}</dt>
          <dd className="font-semibold">{checkins}</dd>
        </div>
        {firstUse && (
          <div className="flex justify-between gap-3" data-testid="ticket-used-at">
            <dt className="text-slate-700">{t('used_at')}</dt>
            <dd className="text-right font-semibold">
              {formatDateTime(firstUse, ticket.event.timezone, locale)}
            </dd>
          </div>
        )}
      </dl>
      <div>
        <p className="field-label" id={`token-${ticket.id}`}>
          {t('token')}
        </p>
        <div className="flex items-start gap-2">
          <code
            className="min-w-0 flex-1 break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs leading-relaxed text-slate-900"
            aria-labelledby={`token-${ticket.id}`}
            data-testid="ticket-token"
          >
            {ticket.token}
          </code>
          <button
            type="button"
            className="btn-secondary shrink-0 px-3 text-sm"
            onClick={() => void copy()}
            data-testid="copy-token"
          >
            {t('copy')}
          </button>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {isMultiDay(ticket) && (
          <button type="button" className="btn-secondary text-sm" onClick={() => onHistory(ticket)}>
            {t('history')}
          </button>
        )}
        {status !== null && !support && canTransfer(status, checkins) && (
          <button type="button" className="btn-primary text-sm" onClick={() => onTransfer(ticket)}>
            {t('transfer')}
          </button>
        )}
      </div>
    </div>
  );
}
