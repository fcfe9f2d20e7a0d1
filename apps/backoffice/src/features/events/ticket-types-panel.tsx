import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import { ConfirmDialog } from '@bilheteira/ui/confirm-dialog';
import { notify } from '../../lib/notice';
import { serverError } from './form-kit';
import {
  useDeleteTicketType,
  usePriceSteps,
  type AdminEventView,
  type AdminTicketTypeView,
} from './events-api';
import { PriceStepsDialog } from './price-steps-dialog';
import { dayLabel } from './schedule-panel';
import { TicketTypeDialog } from './ticket-type-dialog';

/** The event's ticket types: price, VAT, stock and sales; add, edit, price steps, delete. */
export function TicketTypesPanel({ organizerId, event }: { organizerId: number; event: AdminEventView }) {
  const { t, i18n } = useTranslation(['events', 'common']);
  const remove = useDeleteTicketType(organizerId, event.id);
  const [editing, setEditing] = useState<AdminTicketTypeView | 'new' | null>(null);
  const [stepsOf, setStepsOf] = useState<AdminTicketTypeView | null>(null);
  const [removing, setRemoving] = useState<AdminTicketTypeView | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: event.timezone,
    }).format(new Date(iso));
  return (
    <section aria-labelledby="types-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="types-title" className="text-lg font-bold">
            {t('events:types_title')}
          </h2>
          <p className="text-sm text-slate-700">{t('events:types_intro')}</p>
        </div>
        <button
          type="button"
          className="btn-primary"
          onClick={() => setEditing('new')}
          data-testid="add-type"
        >
          {t('events:add_type')}
        </button>
      </div>
      {event.ticket_types.length === 0 ? (
        <p className="card text-slate-700">{t('events:no_types')}</p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="ticket-types">
          {event.ticket_types.map((tt) => (
            <li
              key={tt.id}
              className="card flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between"
              data-testid="ticket-type"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 text-lg font-semibold">
                  {tt.name}
                  {tt.hidden && (
                    <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">
                      {t('events:hidden_badge')}
                    </span>
                  )}
                </p>
                <p className="text-slate-800">
                  <span className="font-semibold tabular-nums">{formatEur(tt.price_cents)}</span> ·{' '}
                  {t('events:vat_n', { percent: tt.vat_percent })} ·{' '}
                  {t('events:sold_of', { sold: tt.sold, quantity: tt.quantity })}
                </p>
                <p className="text-sm text-slate-700">
                  {t('events:per_order', { min: tt.min_per_order, max: tt.max_per_order })}
                  {tt.sales_start_at && ` · ${t('events:sales_from', { date: when(tt.sales_start_at) })}`}
                  {tt.sales_end_at && ` · ${t('events:sales_until', { date: when(tt.sales_end_at) })}`}
                </p>
                <StepsSummary organizerId={organizerId} event={event} type={tt} />
                {tt.period_days.length > 0 && (
                  <p className="text-sm text-slate-700">
                    {t('events:valid_on', {
                      days: tt.period_days.map((d) => dayLabel(d, i18n.language, 'short')).join(' · '),
                    })}
                  </p>
                )}
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <button
                  type="button"
                  className="btn-small"
                  onClick={() => setEditing(tt)}
                  data-testid={`edit-type-${tt.name}`}
                >
                  {t('events:edit')}
                  <span className="sr-only"> {tt.name}</span>
                </button>
                <button
                  type="button"
                  className="btn-small"
                  onClick={() => setStepsOf(tt)}
                  data-testid={`steps-${tt.name}`}
                >
                  {t('events:price_steps')}
                  <span className="sr-only"> {tt.name}</span>
                </button>
                <button type="button" className="btn-small" onClick={() => setRemoving(tt)}>
                  {t('events:delete')}
                  <span className="sr-only"> {tt.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <TicketTypeDialog
          key={editing === 'new' ? 'new' : editing.id}
          organizerId={organizerId}
          event={event}
          type={editing === 'new' ? null : editing}
          open
          onClose={() => setEditing(null)}
        />
      )}
      {stepsOf && (
        <PriceStepsDialog
          organizerId={organizerId}
          eventId={event.id}
          timeZone={event.timezone}
          type={stepsOf}
          onClose={() => setStepsOf(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('events:delete_type_title', { name: removing?.name ?? '' })}
        text={t('events:delete_type_text')}
        confirmLabel={t('events:delete')}
        cancelLabel={t('common:cancel')}
        danger
        busy={remove.isPending}
        error={removeError}
        onCancel={() => {
          setRemoving(null);
          setRemoveError(null);
        }}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: (res) => {
              notify(res.data.message ?? t('events:deleted'));
              setRemoving(null);
            },
            onError: (err) => setRemoveError(serverError(t, err)),
          })
        }
      />
    </section>
  );
}

/** The announced price steps of a type, in one line ("Early bird 79,00 € até 10 de dezembro"). */
function StepsSummary({
  organizerId,
  event,
  type,
}: {
  organizerId: number;
  event: AdminEventView;
  type: AdminTicketTypeView;
}) {
  const { t, i18n } = useTranslation('events');
  const steps = usePriceSteps(organizerId, event.id, type.id);
  if (!steps.data?.length) return null;
  const date = new Intl.DateTimeFormat(i18n.language, {
    day: 'numeric',
    month: 'long',
    timeZone: event.timezone,
  });
  return (
    <p className="text-sm font-medium text-emerald-900" data-testid="steps-summary">
      {steps.data
        .map((s) =>
          [
            `${s.label} ${formatEur(s.price_cents)}`,
            s.ends_at && t('until', { date: date.format(new Date(s.ends_at)) }),
            s.ends_after_sold && t('first_n', { count: s.ends_after_sold }),
          ]
            .filter(Boolean)
            .join(' · '),
        )
        .join(' → ')}{' '}
      → {formatEur(type.price_cents)}
    </p>
  );
}
