import { useTranslation } from 'react-i18next';
import type { ShellContext } from './require-session';

/** The organiser the user works in, when they belong to one or more (roles are per organiser). */
export function OrganizerSwitcher({ context, id }: { context: ShellContext; id: string }) {
  const { t } = useTranslation('common');
  const { me, current } = context;
  if (!me.memberships.length) return null;
  if (me.memberships.length === 1)
    return (
      <div className="text-sm">
        <p className="text-slate-300">{t('organizer.label')}</p>
        <p className="font-semibold" data-testid="current-organizer">
          {current?.organizer_name}
        </p>
        {current && <p className="text-slate-300">{t(`roles.${current.role}`)}</p>}
      </div>
    );
  return (
    <div className="text-sm">
      <label htmlFor={id} className="mb-1 block text-slate-300">
        {t('organizer.label')}
      </label>
      <select
        id={id}
        data-testid="organizer-switcher"
        className="w-full rounded-md border border-slate-500 bg-slate-800 px-2 py-2 text-white"
        value={current?.organizer_id ?? ''}
        onChange={(e) => context.chooseOrganizer(Number(e.target.value))}
      >
        {me.memberships.map((m) => (
          <option key={m.organizer_id} value={m.organizer_id}>
            {m.organizer_name} · {t(`roles.${m.role}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
