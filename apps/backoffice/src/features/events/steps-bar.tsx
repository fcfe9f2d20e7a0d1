import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const TABS = [
  'details',
  'schedule',
  'tickets',
  'codes',
  'attendees',
  'messages',
  'door',
  'bar',
] as const;
export type Tab = (typeof TABS)[number];

/**
 * The steps of an event as tabs (links: each is its own URL). On the new-event page only the
 * first exists yet; the others are shown, not linked.
 */
export function StepsBar({
  active,
  base,
  tabs = TABS,
}: {
  active: Tab;
  base?: string;
  /** the tabs the user's role may open (all by default) */
  tabs?: readonly Tab[];
}) {
  const { t } = useTranslation('events');
  return (
    <nav aria-label={t('steps_label')} className="mb-6">
      <ol className="flex flex-wrap gap-x-1 border-b border-slate-300">
        {tabs.map((tab, i) => {
          const label = `${i + 1}. ${t(`tab_${tab}`)}`;
          const cls = `-mb-px block border-b-2 px-3 py-2 text-sm font-semibold ${tab === active ? 'border-amber-600 text-slate-950' : 'border-transparent text-slate-700'}`;
          return (
            <li key={tab}>
              {base ? (
                <Link
                  to={`${base}?tab=${tab}`}
                  aria-current={tab === active ? 'step' : undefined}
                  className={`${cls} hover:text-slate-950`}
                  data-testid={`tab-${tab}`}
                >
                  {label}
                </Link>
              ) : (
                <span aria-current={tab === active ? 'step' : undefined} className={cls}>
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
