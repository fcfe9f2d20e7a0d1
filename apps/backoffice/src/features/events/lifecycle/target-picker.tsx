import { useTranslation } from 'react-i18next';
import type { AdminEventView, SessionView } from '../events-api';
import { sessionLabel } from './lifecycle-format';

/** The whole event, or one of its sessions (radio buttons; null = the whole event). */
export function TargetPicker({
  event: e,
  sessions,
  value,
  onChange,
  legend,
  name,
}: {
  event: AdminEventView;
  sessions: SessionView[];
  value: number | null;
  onChange(v: number | null): void;
  legend: string;
  name: string;
}) {
  const { t } = useTranslation('lifecycle');
  const options: { id: number | null; label: string; hint: string }[] = [
    { id: null, label: t('whole_event'), hint: t('whole_event_hint', { count: e.sessions.length }) },
    ...sessions.map((s) => ({
      id: s.id,
      label: sessionLabel(s, e),
      hint: t('session_sold', { count: s.sold }),
    })),
  ];
  return (
    <fieldset>
      <legend className="field-label">{legend}</legend>
      <div className="flex max-h-64 flex-col gap-2 overflow-y-auto p-0.5">
        {options.map((o) => (
          <label
            key={o.id ?? 'event'}
            className={`flex cursor-pointer gap-3 rounded-lg px-3 py-2 ring-1 ${value === o.id ? 'bg-amber-50 ring-amber-500' : 'ring-slate-300'}`}
          >
            <input
              type="radio"
              name={name}
              checked={value === o.id}
              onChange={() => onChange(o.id)}
              className="mt-1 size-4 accent-amber-600"
              data-testid={`${name}-${o.id ?? 'event'}`}
            />
            <span>
              <span className="block font-semibold">{o.label}</span>
              <span className="block text-sm text-slate-700">{o.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
