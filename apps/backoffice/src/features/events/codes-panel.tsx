import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import { ConfirmDialog } from '@bilheteira/ui/confirm-dialog';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { notify } from '../../lib/notice';
import { serverError } from './form-kit';
import {
  useCodes,
  useDeleteCode,
  type AccessCodeView,
  type AdminEventView,
  type PromoCodeView,
} from './events-api';
import { AccessCodeDialog, PromoCodeDialog } from './code-dialogs';
import { bpToPercent } from './money';

type Kind = 'promo-codes' | 'access-codes';

/** "3 / 100 utilizações", or "3 utilizações (sem limite)". */
const usesText = (
  t: (k: string, o: Record<string, unknown>) => string,
  c: { used: number; max_uses: number | null },
) =>
  c.max_uses === null
    ? t('events:uses_unlimited', { count: c.used })
    : t('events:uses', { used: c.used, max: c.max_uses });

/** Promo codes (discounts) and access codes (unlock hidden ticket types) of the event. */
export function CodesPanel({ organizerId, event }: { organizerId: number; event: AdminEventView }) {
  return (
    <div className="flex flex-col gap-8">
      <PromoCodes organizerId={organizerId} event={event} />
      <AccessCodes organizerId={organizerId} event={event} />
    </div>
  );
}

function useWhen(timeZone: string) {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      new Date(iso),
    );
}

function CodeList<T extends { id: number; code: string }>({
  organizerId,
  event,
  kind,
  items,
  describe,
  onEdit,
}: {
  organizerId: number;
  event: AdminEventView;
  kind: Kind;
  items: T[];
  describe(c: T): ReactNode;
  onEdit(c: T): void;
}) {
  const { t } = useTranslation(['events', 'common']);
  const remove = useDeleteCode(organizerId, event.id, kind);
  const [removing, setRemoving] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (items.length === 0) return <p className="card text-slate-700">{t('events:no_codes')}</p>;
  return (
    <>
      <ul className="flex flex-col gap-2" data-testid={kind}>
        {items.map((c) => (
          <li
            key={c.id}
            className="card flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-mono text-lg font-bold">{c.code}</p>
              <div className="text-sm text-slate-700">{describe(c)}</div>
            </div>
            <div className="flex shrink-0 gap-2">
              <button type="button" className="btn-small" onClick={() => onEdit(c)}>
                {t('events:edit')}
                <span className="sr-only"> {c.code}</span>
              </button>
              <button type="button" className="btn-small" onClick={() => setRemoving(c)}>
                {t('events:delete')}
                <span className="sr-only"> {c.code}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title={t('events:delete_code_title', { code: removing?.code ?? '' })}
        text={t('events:delete_code_text')}
        confirmLabel={t('events:delete')}
        cancelLabel={t('common:cancel')}
        danger
        busy={remove.isPending}
        error={error}
        onCancel={() => {
          setRemoving(null);
          setError(null);
        }}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: (res) => {
              notify(res.data.message ?? t('events:deleted'));
              setRemoving(null);
            },
            onError: (err) => setError(serverError(t, err)),
          })
        }
      />
    </>
  );
}

function Header({
  id,
  title,
  intro,
  add,
  onAdd,
  testId,
}: {
  id: string;
  title: string;
  intro: string;
  add: string;
  onAdd(): void;
  testId: string;
}) {
  return (
    <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 id={id} className="text-lg font-bold">
          {title}
        </h2>
        <p className="text-sm text-slate-700">{intro}</p>
      </div>
      <button type="button" className="btn-primary" onClick={onAdd} data-testid={testId}>
        {add}
      </button>
    </div>
  );
}

function PromoCodes({ organizerId, event }: { organizerId: number; event: AdminEventView }) {
  const { t } = useTranslation(['events', 'common']);
  const codes = useCodes<PromoCodeView>(organizerId, event.id, 'promo-codes');
  const [editing, setEditing] = useState<PromoCodeView | 'new' | null>(null);
  const when = useWhen(event.timezone);
  const names = (ids: number[]) =>
    ids.length
      ? event.ticket_types
          .filter((tt) => ids.includes(tt.id))
          .map((tt) => tt.name)
          .join(', ')
      : t('events:all_types');
  return (
    <section aria-labelledby="promo-title">
      <Header
        id="promo-title"
        title={t('events:promo_title')}
        intro={t('events:promo_intro')}
        add={t('events:add_promo')}
        onAdd={() => setEditing('new')}
        testId="add-promo"
      />
      {codes.isPending ? (
        <Loading />
      ) : codes.isError ? (
        <FormError message={serverError(t, codes.error)} />
      ) : (
        <CodeList<PromoCodeView>
          organizerId={organizerId}
          event={event}
          kind="promo-codes"
          items={codes.data}
          onEdit={setEditing}
          describe={(c) => (
            <>
              <p>
                <span className="font-semibold text-slate-900">
                  {c.kind === 'percent'
                    ? t('events:off_percent', { value: bpToPercent(c.value) })
                    : t('events:off_amount', { value: formatEur(c.value) })}
                </span>{' '}
                · {names(c.ticket_type_ids)}
              </p>
              <p>
                {usesText(t, c)}
                {c.per_customer_limit && ` · ${t('events:per_customer_n', { count: c.per_customer_limit })}`}
                {c.valid_from && ` · ${t('events:from_date', { date: when(c.valid_from) })}`}
                {c.valid_until && ` · ${t('events:until', { date: when(c.valid_until) })}`}
              </p>
            </>
          )}
        />
      )}
      {editing && (
        <PromoCodeDialog
          organizerId={organizerId}
          event={event}
          code={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

function AccessCodes({ organizerId, event }: { organizerId: number; event: AdminEventView }) {
  const { t } = useTranslation(['events', 'common']);
  const codes = useCodes<AccessCodeView>(organizerId, event.id, 'access-codes');
  const [editing, setEditing] = useState<AccessCodeView | 'new' | null>(null);
  const when = useWhen(event.timezone);
  return (
    <section aria-labelledby="access-title">
      <Header
        id="access-title"
        title={t('events:access_title')}
        intro={t('events:access_intro')}
        add={t('events:add_access')}
        onAdd={() => setEditing('new')}
        testId="add-access"
      />
      {codes.isPending ? (
        <Loading />
      ) : codes.isError ? (
        <FormError message={serverError(t, codes.error)} />
      ) : (
        <CodeList<AccessCodeView>
          organizerId={organizerId}
          event={event}
          kind="access-codes"
          items={codes.data}
          onEdit={setEditing}
          describe={(c) => (
            <>
              <p>
                {t('events:unlocks', {
                  types: event.ticket_types
                    .filter((tt) => c.ticket_type_ids.includes(tt.id))
                    .map((tt) => tt.name)
                    .join(', '),
                })}
              </p>
              <p>
                {usesText(t, c)}
                {c.valid_until && ` · ${t('events:until', { date: when(c.valid_until) })}`}
              </p>
            </>
          )}
        />
      )}
      {editing && (
        <AccessCodeDialog
          organizerId={organizerId}
          event={event}
          code={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
