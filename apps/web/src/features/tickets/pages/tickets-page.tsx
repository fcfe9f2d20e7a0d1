import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomerTicketView } from '@bilheteira/shared/schemas/tickets';
import { EventMenu } from '../../../components/event-menu';
import { paths } from '../../../config/paths';
import { usePageMeta } from '../../../lib/page-meta';
import { useEventContext } from '../../../stores/event-context-store';
import { ticketsQuery } from '../api/tickets';
import { TicketDetailModal } from '../components/ticket-detail-modal';
import { TicketHistoryModal } from '../components/ticket-history-modal';
import { TicketStub } from '../components/ticket-stub';
import { TransferModal } from '../components/transfer-modal';

type Modal = { kind: 'detail' | 'history' | 'transfer'; ticket: CustomerTicketView } | null;

/** /dashboard/tickets: the customer's tickets of the current event (all when none is chosen). */
export default function TicketsPage() {
  const { t } = useTranslation('tickets');
  const current = useEventContext((s) => s.current);
  const q = useQuery(ticketsQuery(current?.id ?? null));
  const [modal, setModal] = useState<Modal>(null);
  usePageMeta(current ? `${t('title')} · ${current.name}` : t('title'));
  const show = (kind: 'detail' | 'history' | 'transfer') => (ticket: CustomerTicketView) =>
    setModal({ kind, ticket });
  const close = () => setModal(null);

  return (
    <main id="main">
      <EventMenu />
      <div className="page pt-6">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        {q.isPending ? (
          <ul className="mt-6 grid gap-4 lg:grid-cols-2" aria-busy="true" aria-label={t('loading')}>
            {[0, 1].map((i) => (
              <li key={i} className="h-36 animate-pulse rounded-2xl bg-slate-200" />
            ))}
          </ul>
        ) : q.isError ? (
          <div className="card mt-6 text-center" role="alert">
            <p>{t('list_error')}</p>
            <button type="button" className="btn-secondary mt-3" onClick={() => void q.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : q.data.length === 0 ? (
          <div className="card mt-6 text-center" data-testid="tickets-empty">
            <p className="font-semibold">{t('empty_title')}</p>
            <p className="mt-1 text-slate-700">{t('empty_text')}</p>
            <Link
              to={current ? paths.event(current.slug) : paths.events}
              className="btn-primary mt-4 inline-flex"
            >
              {t('empty_cta')}
            </Link>
          </div>
        ) : (
          <>
            <p className="mt-1 text-slate-700">{t('count', { count: q.data.length })}</p>
            <ul className="mt-4 grid gap-4 lg:grid-cols-2" data-testid="tickets-list">
              {q.data.map((ticket) => (
                <TicketStub
                  key={`${ticket.id}-${ticket.token}`}
                  ticket={ticket}
                  showEvent={!current}
                  onOpen={() => show('detail')(ticket)}
                  onTransfer={() => show('transfer')(ticket)}
                  onHistory={() => show('history')(ticket)}
                />
              ))}
            </ul>
          </>
        )}
      </div>
      <TicketDetailModal
        ticket={modal?.kind === 'detail' ? modal.ticket : null}
        onClose={close}
        onTransfer={show('transfer')}
        onHistory={show('history')}
      />
      <TicketHistoryModal ticket={modal?.kind === 'history' ? modal.ticket : null} onClose={close} />
      <TransferModal ticket={modal?.kind === 'transfer' ? modal.ticket : null} onClose={close} />
    </main>
  );
}
