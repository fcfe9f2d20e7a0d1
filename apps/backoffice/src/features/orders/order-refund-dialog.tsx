import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import {
  centsLeft,
  isRefundRefusal,
  quoteRefund,
  ticketsLeft,
  type RefundableLine,
  type RefundRequestLine,
} from '@bilheteira/shared/order-refund';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { FormError } from '../../components/form-error';
import { apiFormError } from '../../lib/forms';
import { notify } from '../../lib/notice';
import { useRefundLines, type AdminOrderView, type RefundAnswer } from './orders-api';

type Step = 'choose' | 'confirm' | 'done';

const refundable = (o: AdminOrderView): RefundableLine[] =>
  o.lines.map((l) => ({
    id: l.id,
    kind: l.kind,
    qty: l.qty,
    unitCents: l.unit_cents,
    refundedQty: l.refunded_qty,
    refundedCents: l.refunded_cents,
  }));

/** The most of a top-up line the team may give back: what is left of it and the wallet holds unspent. */
const topupMax = (o: AdminOrderView, l: RefundableLine) => Math.min(centsLeft(l), o.topup_unspent_cents ?? 0);

/** Euros typed ("12,50" or "12.5") as cents; NaN when not a plain amount. */
const toCents = (text: string) => {
  const v = text.trim().replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(v) ? Math.round(Number(v) * 100) : NaN;
};

/** What the team chose to refund, and what it gives back (the API's own rule). */
function useRefundChoice(order: AdminOrderView) {
  const lines = refundable(order);
  const [qty, setQty] = useState<Record<number, number>>({});
  const [topup, setTopup] = useState<Record<number, string>>({});
  const chosen = lines.flatMap<RefundRequestLine>((l) => {
    if (l.kind === 'ticket') return (qty[l.id] ?? 0) > 0 ? [{ line_id: l.id, qty: qty[l.id] }] : [];
    const cents = toCents(topup[l.id] ?? '');
    return cents > 0 ? [{ line_id: l.id, amount_cents: cents }] : [];
  });
  const badTopup = lines.some(
    (l) => l.kind === 'topup' && (topup[l.id] ?? '') !== '' && !(toCents(topup[l.id]!) <= topupMax(order, l)),
  );
  const quote = chosen.length ? quoteRefund(lines, order.service_cents, { lines: chosen }) : null;
  const amount = quote && !isRefundRefusal(quote) ? quote : null;
  const selectAll = () => {
    setQty(Object.fromEntries(lines.filter((l) => l.kind === 'ticket').map((l) => [l.id, ticketsLeft(l)])));
    setTopup(
      Object.fromEntries(
        lines
          .filter((l) => l.kind === 'topup' && topupMax(order, l) > 0)
          .map((l) => [l.id, (topupMax(order, l) / 100).toFixed(2).replace('.', ',')]),
      ),
    );
  };
  return { lines, qty, setQty, topup, setTopup, chosen, badTopup, amount, selectAll };
}

/**
 * "Reembolsar": choose the tickets of each line (and how much of a top-up), see the amount that
 * goes back (shared/order-refund.ts, the API's own rule), confirm, then read the outcome.
 */
export function RefundAction({ organizerId, order }: { organizerId: number; order: AdminOrderView }) {
  const { t } = useTranslation(['orders', 'common']);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn-secondary" onClick={() => setOpen(true)} data-testid="refund-open">
        {t('orders:refund')}
      </button>
      {open && <RefundDialog organizerId={organizerId} order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

function RefundDialog({
  organizerId,
  order,
  onClose,
}: {
  organizerId: number;
  order: AdminOrderView;
  onClose(): void;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const { lines, qty, setQty, topup, setTopup, chosen, badTopup, amount, selectAll } = useRefundChoice(order);
  const [reason, setReason] = useState('');
  const [step, setStep] = useState<Step>('choose');
  const [outcome, setOutcome] = useState<{ answer: RefundAnswer; message: string } | null>(null);
  // one key per dialog: a second click or a retry after a lost answer refunds once
  const [key] = useState(() => crypto.randomUUID());
  const refund = useRefundLines(organizerId, order.id);
  const method = order.payments.find((p) => p.status === 'approved')?.display || '';
  const send = () =>
    refund.mutate(
      { body: { lines: chosen, reason }, key },
      {
        onSuccess: (res) => {
          setOutcome({ answer: res.data, message: res.message ?? '' });
          setStep('done');
          notify(res.message ?? '');
        },
      },
    );

  return (
    <DialogFrame
      open
      onClose={onClose}
      title={t('orders:refund_title', { reference: order.reference })}
      description={t('orders:refund_text')}
      closeLabel={t('common:close')}
      testId="refund-dialog"
      size="lg"
      locked={refund.isPending}
    >
      {step === 'choose' && (
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (amount && !badTopup) setStep('confirm');
          }}
        >
          <LineChoices
            order={order}
            lines={lines}
            qty={qty}
            topup={topup}
            badTopup={badTopup}
            onQty={(id, n) => setQty({ ...qty, [id]: n })}
            onTopup={(id, v) => setTopup({ ...topup, [id]: v })}
          />
          {badTopup && <FormError message={t('orders:refund_topup_bad')} />}
          <button
            type="button"
            className="self-start text-sm font-semibold text-amber-900 underline"
            onClick={selectAll}
          >
            {t('orders:refund_select_all')}
          </button>
          <div className="flex flex-col gap-1">
            <label htmlFor="refund-reason" className="text-sm font-semibold">
              {t('orders:refund_reason')}
            </label>
            <textarea
              id="refund-reason"
              className="field-input"
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <p
            className="rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200"
            data-testid="refund-amount"
            aria-live="polite"
          >
            {amount
              ? t('orders:refund_amount', {
                  amount: formatEur(amount.amountCents),
                  service: formatEur(amount.serviceCents),
                })
              : t('orders:refund_choose')}
          </p>
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={onClose}>
              {t('common:cancel')}
            </button>
            <button type="submit" className="btn-primary" disabled={!amount || badTopup}>
              {t('orders:refund_continue')}
            </button>
          </div>
        </form>
      )}
      {step === 'confirm' && amount && (
        <div className="flex flex-col gap-4">
          <p data-testid="refund-confirm-text">
            {t('orders:refund_confirm_text', {
              amount: formatEur(amount.amountCents),
              method: method || '—',
            })}
          </p>
          {amount.parts.some((p) => p.kind === 'ticket') && <p>{t('orders:refund_confirm_tickets')}</p>}
          <FormError message={refund.isError ? apiFormError(t, refund.error) : null} />
          <div className="flex flex-wrap justify-end gap-3">
            <button
              type="button"
              className="btn-secondary"
              onClick={() => setStep('choose')}
              disabled={refund.isPending}
            >
              {t('orders:refund_back')}
            </button>
            <button
              type="button"
              className="btn-primary"
              onClick={send}
              disabled={refund.isPending}
              data-testid="refund-confirm"
            >
              {refund.isPending
                ? t('common:working')
                : t('orders:refund_confirm', { amount: formatEur(amount.amountCents) })}
            </button>
          </div>
        </div>
      )}
      {step === 'done' && outcome && <OutcomeStep outcome={outcome} onClose={onClose} />}
    </DialogFrame>
  );
}

/** A line each: how many of its tickets, or how much of its top-up, to refund. */
function LineChoices({
  order,
  lines,
  qty,
  topup,
  badTopup,
  onQty,
  onTopup,
}: {
  order: AdminOrderView;
  lines: RefundableLine[];
  qty: Record<number, number>;
  topup: Record<number, string>;
  badTopup: boolean;
  onQty(id: number, n: number): void;
  onTopup(id: number, value: string): void;
}) {
  const { t } = useTranslation('orders');
  return (
    <ul className="flex flex-col gap-3">
      {lines.map((l, i) => {
        const view = order.lines[i]!;
        const name = l.kind === 'topup' ? t('orders:topup') : view.description;
        if (l.kind === 'ticket') {
          const left = ticketsLeft(l);
          return (
            <li key={l.id} className="flex flex-wrap items-center justify-between gap-2">
              <label htmlFor={`refund-qty-${l.id}`} className="text-sm">
                <span className="font-medium">{name}</span>
                <span className="block text-slate-700">
                  {t('orders:refund_left', { left, price: formatEur(l.unitCents) })}
                </span>
              </label>
              <select
                id={`refund-qty-${l.id}`}
                className="field-input w-24"
                value={qty[l.id] ?? 0}
                disabled={left === 0}
                onChange={(e) => onQty(l.id, Number(e.target.value))}
              >
                {Array.from({ length: left + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </li>
          );
        }
        const max = topupMax(order, l);
        return (
          <li key={l.id} className="flex flex-wrap items-center justify-between gap-2">
            <label htmlFor={`refund-topup-${l.id}`} className="text-sm">
              <span className="font-medium">{name}</span>
              <span className="block text-slate-700">
                {t('orders:refund_topup_max', { amount: formatEur(max) })}
              </span>
            </label>
            <input
              id={`refund-topup-${l.id}`}
              inputMode="decimal"
              className="field-input w-28"
              placeholder="0,00"
              value={topup[l.id] ?? ''}
              disabled={max === 0}
              aria-invalid={badTopup || undefined}
              onChange={(e) => onTopup(l.id, e.target.value)}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** What happened: refunded, waiting for the provider, or failed with the provider's reason. */
function OutcomeStep({
  outcome,
  onClose,
}: {
  outcome: { answer: RefundAnswer; message: string };
  onClose(): void;
}) {
  const { t } = useTranslation('common');
  return (
    <div
      className="flex flex-col gap-4"
      data-testid="refund-outcome"
      data-status={outcome.answer.refund.status}
    >
      <p className={outcome.answer.refund.status === 'failed' ? 'text-red-800' : ''}>{outcome.message}</p>
      {outcome.answer.refund.error && <p className="text-sm text-slate-700">{outcome.answer.refund.error}</p>}
      <div className="flex justify-end">
        <button type="button" className="btn-primary" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </div>
  );
}
