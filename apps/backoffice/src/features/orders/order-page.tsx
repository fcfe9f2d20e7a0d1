import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { roleHas } from '@bilheteira/shared/backoffice-roles';
import { ConfirmDialog } from '@bilheteira/ui/confirm-dialog';
import { paths } from '../../app/nav';
import { useShell } from '../../app/shell-context';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { apiFormError } from '../../lib/forms';
import { notify } from '../../lib/notice';
import { OrderStatusBadge } from './order-format';
import { BuyerSection, LinesSection, PaymentsSection, SummarySection } from './order-sections';
import { MessagesSection, TicketsSection, TimelineSection } from './order-story';
import { RefundAction } from './order-refund-dialog';
import { RefundsSection } from './order-refunds-section';
import { ReassignAction } from './ticket-reassign-dialog';
import { useOrder, useResendTickets, type AdminOrderView } from './orders-api';

/** "Reenviar bilhetes": asks first, then says where the email went. */
function ResendAction({ organizerId, order }: { organizerId: number; order: AdminOrderView }) {
  const { t } = useTranslation(['orders', 'common']);
  const [asking, setAsking] = useState(false);
  const resend = useResendTickets(organizerId, order.id);
  const email = order.receipt_email || order.buyer.email || '';
  return (
    <>
      <button
        type="button"
        className="btn-primary"
        onClick={() => {
          resend.reset();
          setAsking(true);
        }}
        data-testid="resend-tickets"
      >
        {t('orders:resend')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('orders:resend_title')}
        text={t('orders:resend_text', { email })}
        confirmLabel={t('orders:resend_confirm')}
        cancelLabel={t('common:cancel')}
        busy={resend.isPending}
        error={resend.isError ? apiFormError(t, resend.error) : null}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          resend.mutate(undefined, {
            onSuccess: (res) => {
              setAsking(false);
              notify(res.message ?? t('orders:resent'));
            },
          })
        }
      />
    </>
  );
}

/** One order's whole story: summary, buyer, lines, payments, tickets, messages, timeline. */
export function OrderPage() {
  const { t } = useTranslation(['orders', 'common']);
  const { current } = useShell();
  const organizerId = current?.organizer_id ?? 0;
  const orderId = Number(useParams().orderId) || 0;
  // back to the list as it was (its search and filters), when the order was opened from it
  const list = (useLocation().state as { list?: unknown } | null)?.list;
  const may = !!current && roleHas(current.role, 'orders.view');
  const order = useOrder(may ? organizerId : 0, orderId);
  if (!current || !may) return <Navigate to="/" replace />;
  const back = (
    <Link
      to={`${paths.orders(organizerId)}${typeof list === 'string' ? list : ''}`}
      className="text-sm font-semibold text-amber-900 underline"
    >
      {t('orders:back')}
    </Link>
  );
  if (order.isPending) return <Loading />;
  if (order.isError)
    return (
      <div className="flex max-w-3xl flex-col gap-4">
        {back}
        <FormError message={apiFormError(t, order.error)} />
      </div>
    );
  const o = order.data;
  const mayChange = roleHas(current.role, 'orders.refund');
  const canResend = mayChange && o.can_resend;
  // a ticket changes hands while it admits and nobody entered with it
  const reassignable = (x: AdminOrderView['tickets'][number]) =>
    mayChange && o.status === 'paid' && x.checkins.length === 0 && x.status !== 'canceled';
  return (
    <div className="flex max-w-5xl flex-col gap-4">
      {back}
      <PageHeader
        title={t('orders:order_title', { reference: o.reference })}
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-2">
            <OrderStatusBadge status={o.status} />
            {o.event.name}
          </span>
        }
        actions={
          (canResend || (mayChange && o.can_refund)) && (
            <div className="flex flex-wrap gap-2">
              {mayChange && o.can_refund && <RefundAction organizerId={organizerId} order={o} />}
              {canResend && <ResendAction organizerId={organizerId} order={o} />}
            </div>
          )
        }
      />
      <SummarySection order={o} />
      <BuyerSection order={o} />
      <LinesSection order={o} />
      <PaymentsSection order={o} />
      <RefundsSection organizerId={organizerId} order={o} canAct={mayChange} />
      <TicketsSection
        order={o}
        action={(x) =>
          reassignable(x) ? <ReassignAction organizerId={organizerId} order={o} ticket={x} /> : null
        }
      />
      <MessagesSection order={o} />
      <TimelineSection order={o} />
    </div>
  );
}
