import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomerTicketView } from '@bilheteira/shared/schemas/tickets';
import { currentLocale } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/date-format';
import { ticketValidatedQuery } from '../api/tickets';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { SITE_DIALOG } from '../../../components/dialog-options';

/**
 * Ticket history modal (spec §2, §8): ticket name and token, table of check-ins (date and
 * time, 'check-in completed'), total and first check-in; transfers; empty state; error
 * state 'Load Error — Could not load ticket history' with retry. Fetched fresh on open.
 */
export function TicketHistoryModal({
  ticket,
  onClose,
}: {
  ticket: CustomerTicketView | null;
  onClose(): void;
}) {
  const { t } = useTranslation('tickets');
  return (
    <DialogFrame
      {...SITE_DIALOG}
      closeLabel={t('common:close')}
      open={ticket !== null}
      onClose={onClose}
      title={t('history_title')}
      description={ticket?.ticket.name}
      testId="ticket-history-modal"
    >
      {ticket && <HistoryBody ticket={ticket} />}
    </DialogFrame>
  );
}

function HistoryBody({ ticket }: { ticket: CustomerTicketView }) {
  const { t } = useTranslation('tickets');
  const locale = currentLocale();
  const q = useQuery({ ...ticketValidatedQuery(ticket.token), refetchOnMount: 'always' });
  const fmt = (iso: string) => formatDateTime(iso, ticket.event.timezone, locale);

  return (
    <div className="grid gap-4">
      <div>
        <p className="text-sm font-semibold">{ticket.ticket.name}</p>
        <p className="break-all font-mono text-xs text-slate-700" data-testid="history-token">
          {ticket.token}
        </p>
      </div>
      {q.isPending ? (
        <div
          className="h-24 animate-pulse rounded-xl bg-slate-200"
          aria-busy="true"
          aria-label={t('loading')}
        />
      ) : q.isError ? (
        <div
          className="rounded-xl border border-red-200 bg-red-50 p-4 text-center"
          role="alert"
          data-testid="history-error"
        >
          <p className="font-bold text-red-900">{t('history_error_title')}</p>
          <p className="text-sm text-red-900">{t('history_error_text')}</p>
          <button type="button" className="btn-secondary mt-3 text-sm" onClick={() => void q.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : q.data.checkinlist.length === 0 ? (
        <div className="rounded-xl bg-slate-100 p-4 text-center" data-testid="history-empty">
          <p className="font-semibold">{t('history_empty_title')}</p>
          <p className="text-sm text-slate-700">{t('history_empty_text')}</p>
        </div>
      ) : (
        <>
          <table className="w-full text-left text-sm" data-testid="history-table">
            <caption className="sr-only">{t('history_caption')}</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 font-semibold">
                  {t('history_when')}
                </th>
                <th scope="col" className="py-2 font-semibold">
                  {t('history_status')}
                </th>
              </tr>
            </thead>
            <tbody>
              {q.data.checkinlist.map((c) => (
                <tr key={c.id} className="border-b border-slate-100">
                  <td className="py-2">{fmt(c.created_at)}</td>
                  <td className="py-2 text-emerald-800">{t('checkin_completed')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="grid gap-1 text-sm">
            <div className="flex justify-between">
              <dt className="text-slate-700">{t('history_total')}</dt>
              <dd className="font-semibold" data-testid="history-total">
                {q.data.checkinlist.length}
              </dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-slate-700">{t('history_first')}</dt>
              <dd className="font-semibold" data-testid="history-first">
                {fmt(q.data.checkinlist[0]!.created_at)}
              </dd>
            </div>
          </dl>
        </>
      )}
      {q.data && q.data.transfers.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold">{t('transfers_title')}</h3>
          <ul className="mt-1 text-sm text-slate-700">
            {q.data.transfers.map((tr, i) => (
              <li key={i}>
                {fmt(tr.created_at)} — {tr.direction === 'in' ? t('transfer_in') : t('transfer_out')}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
