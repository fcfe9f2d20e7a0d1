import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkinListBody } from '@bilheteira/shared/schemas/backoffice-door';
import { ConfirmDialog } from '@bilheteira/ui/confirm-dialog';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notice';
import type { AdminEventView } from '../events-api';
import { errorText, serverError } from '../form-kit';
import { sessionLabel } from '../lifecycle/lifecycle-format';
import { useCheckinListChange, useCheckinLists, type CheckinListView } from './door-api';

type Ev = Pick<AdminEventView, 'id' | 'ticket_types' | 'sessions' | 'days' | 'timezone'>;

/** What a list admits, in words: its ticket types, sessions and days (or "all"). */
function useSummary(event: Ev) {
  const { t } = useTranslation('door');
  return (l: CheckinListView) => {
    const types = l.ticket_type_ids.length
      ? l.ticket_type_ids
          .map((id) => event.ticket_types.find((tt) => tt.id === id)?.name ?? `#${id}`)
          .join(', ')
      : t('list_all_types');
    const parts = [types];
    if (l.session_ids.length)
      parts.push(
        l.session_ids
          .map((id) => event.sessions.find((s) => s.id === id))
          .map((s) => (s ? sessionLabel(s, event) : '?'))
          .join(', '),
      );
    parts.push(l.days.length ? l.days.join(', ') : t('list_all_days'));
    return parts.join(' · ');
  };
}

/** The event's check-in lists: which tickets its devices admit at which gate. */
export function CheckinLists({ organizerId, event }: { organizerId: number; event: Ev }) {
  const { t } = useTranslation(['door', 'common']);
  const lists = useCheckinLists(organizerId, event.id);
  const change = useCheckinListChange(organizerId, event.id);
  const summary = useSummary(event);
  const [editing, setEditing] = useState<CheckinListView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CheckinListView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    if (!deleting) return;
    setError(null);
    try {
      const res = await change.mutateAsync({ kind: 'delete', id: deleting.id });
      setDeleting(null);
      if (res.message) notify(res.message);
    } catch (err) {
      setDeleting(null);
      setError(serverError(t, err));
    }
  };
  return (
    <section aria-labelledby="lists-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="lists-title" className="text-xl font-bold">
          {t('door:lists_title')}
        </h2>
        <button
          type="button"
          className="btn-primary"
          onClick={() => setEditing('new')}
          data-testid="add-list"
        >
          {t('door:add_list')}
        </button>
      </div>
      <p className="mb-3 text-sm text-slate-700">{t('door:lists_intro')}</p>
      <FormError message={error} />
      {lists.isPending ? (
        <Loading />
      ) : lists.isError ? (
        <FormError message={serverError(t, lists.error)} />
      ) : lists.data.length === 0 ? (
        <p className="card text-slate-700">{t('door:no_lists')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="lists">
          {lists.data.map((l) => (
            <li
              key={l.id}
              className="card flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between"
              data-testid="list"
            >
              <div className="min-w-0">
                <p className="font-semibold">
                  {l.name}{' '}
                  <span className="font-normal text-slate-700">· {t('door:gate', { gate: l.gate })}</span>
                </p>
                <p className="text-sm text-slate-700">{summary(l)}</p>
                <p className="text-sm text-slate-700" data-testid="list-counts">
                  {t('door:list_counts', { count: l.devices, admitted: l.admitted })}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <button type="button" className="btn-small" onClick={() => setEditing(l)}>
                  {t('door:edit')}
                  <span className="sr-only"> {l.name}</span>
                </button>
                <button type="button" className="btn-small" onClick={() => setDeleting(l)}>
                  {t('door:delete_list')}
                  <span className="sr-only"> {l.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <ListDialog
          organizerId={organizerId}
          event={event}
          list={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('door:delete_list_title', { name: deleting?.name ?? '' })}
        text={t('door:delete_list_text')}
        confirmLabel={t('door:delete_list')}
        cancelLabel={t('common:cancel')}
        danger
        busy={change.isPending}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

const toggle = <T,>(xs: T[], x: T) => (xs.includes(x) ? xs.filter((y) => y !== x) : [...xs, x]);

/** A group of checkboxes (none ticked: all), its error under it. */
function Checks<T extends string | number>(p: {
  id: string;
  legend: string;
  hint?: string;
  error?: string;
  options: { value: T; label: string }[];
  chosen: T[];
  onChange(v: T[]): void;
}) {
  return (
    <fieldset aria-describedby={p.error ? `${p.id}-error` : undefined} data-testid={`checks-${p.id}`}>
      <legend className="field-label">{p.legend}</legend>
      {p.hint && <p className="mb-1 text-xs text-slate-700">{p.hint}</p>}
      {p.options.map((o) => (
        <label key={o.value} className="flex items-center gap-2 py-1">
          <input
            type="checkbox"
            checked={p.chosen.includes(o.value)}
            onChange={() => p.onChange(toggle(p.chosen, o.value))}
          />
          {o.label}
        </label>
      ))}
      {p.error && (
        <p id={`${p.id}-error`} className="mt-1 text-sm text-red-800">
          {p.error}
        </p>
      )}
    </fieldset>
  );
}

function ListDialog({
  organizerId,
  event,
  list,
  onClose,
}: {
  organizerId: number;
  event: Ev;
  list: CheckinListView | null;
  onClose(): void;
}) {
  const { t } = useTranslation(['door', 'common']);
  const change = useCheckinListChange(organizerId, event.id);
  const [name, setName] = useState(list?.name ?? '');
  const [gate, setGate] = useState(list?.gate ?? '');
  const [types, setTypes] = useState<number[]>(list?.ticket_type_ids ?? []);
  const [sessions, setSessions] = useState<number[]>(list?.session_ids ?? []);
  const [days, setDays] = useState<string[]>(list?.days ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    const parsed = checkinListBody.safeParse({
      name,
      gate,
      ticket_type_ids: types,
      session_ids: sessions,
      days,
    });
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const i of parsed.error.issues) out[String(i.path[0])] ??= errorText(t, i.message) ?? i.message;
      setErrors(out);
      return;
    }
    setErrors({});
    try {
      const res = await change.mutateAsync({ kind: 'save', id: list?.id ?? null, body: parsed.data });
      if (res.message) notify(res.message);
      onClose();
    } catch (err) {
      if (err instanceof ApiError)
        setErrors(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
      setError(serverError(t, err));
    }
  };
  const described = (id: string) =>
    errors[id] ? { 'aria-describedby': `${id}-error`, 'aria-invalid': true } : {};
  const fieldError = (id: string) =>
    errors[id] ? (
      <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
        {errors[id]}
      </p>
    ) : null;
  return (
    <DialogFrame
      open
      onClose={onClose}
      title={list ? t('door:edit_list_title', { name: list.name }) : t('door:add_list_title')}
      closeLabel={t('common:close')}
      testId="list-dialog"
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div>
          <label htmlFor="name" className="field-label">
            {t('door:list_name')}
          </label>
          <input
            id="name"
            className="field-input"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            {...described('name')}
          />
          {fieldError('name')}
        </div>
        <div>
          <label htmlFor="gate" className="field-label">
            {t('door:list_gate')}
          </label>
          <input
            id="gate"
            className="field-input"
            value={gate}
            onChange={(e) => setGate(e.currentTarget.value)}
            {...described('gate')}
          />
          {fieldError('gate')}
        </div>
        <Checks
          id="ticket_type_ids"
          legend={t('door:list_types')}
          hint={t('door:list_none_is_all')}
          error={errors.ticket_type_ids}
          options={event.ticket_types.map((tt) => ({ value: tt.id, label: tt.name }))}
          chosen={types}
          onChange={setTypes}
        />
        {event.sessions.length > 0 && (
          <Checks
            id="session_ids"
            legend={t('door:list_sessions')}
            error={errors.session_ids}
            options={event.sessions.map((s) => ({ value: s.id, label: sessionLabel(s, event) }))}
            chosen={sessions}
            onChange={setSessions}
          />
        )}
        {event.days.length > 1 && (
          <Checks
            id="days"
            legend={t('door:list_days')}
            error={errors.days}
            options={event.days.map((d) => ({ value: d.day, label: d.day }))}
            chosen={days}
            onChange={setDays}
          />
        )}
        <FormError message={error} />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={change.isPending} data-testid="save-list">
            {t('door:save')}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
