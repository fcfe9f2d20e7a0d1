import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PERMISSIONS, roleHas } from '@bilheteira/shared/backoffice-roles';
import { useShell } from '../../app/shell-context';
import { paths } from '../../app/nav';
import { PageHeader } from '../../components/page-header';

/** Where a user lands: their organisers and roles, what their role allows, shortcuts. */
export function HomePage() {
  const { t } = useTranslation('common');
  const { me, current, chooseOrganizer } = useShell();
  return (
    <div className="max-w-5xl">
      <PageHeader
        title={t('home.title', { name: me.name })}
        subtitle={current ? t('home.working_in', { organizer: current.organizer_name }) : undefined}
      />
      {me.platform_role === 'operator' && (
        <section className="card mb-6" aria-labelledby="operator-title">
          <h2 id="operator-title" className="text-lg font-bold">
            {t('home.operator_title')}
          </h2>
          <p className="mt-1 text-slate-700">{t('home.operator_text')}</p>
          <Link to={paths.operatorRequests} className="btn-primary mt-4">
            {t('nav.requests')}
          </Link>
        </section>
      )}
      {me.memberships.length === 0 && me.platform_role !== 'operator' && (
        <p className="card text-slate-700">{t('home.no_organizer')}</p>
      )}
      {me.memberships.length > 0 && (
        <section aria-labelledby="organizers-title">
          <h2 id="organizers-title" className="mb-3 text-lg font-bold">
            {t('home.organizers')}
          </h2>
          <ul className="grid gap-4 md:grid-cols-2">
            {me.memberships.map((m) => {
              const isCurrent = m.organizer_id === current?.organizer_id;
              return (
                <li
                  key={m.organizer_id}
                  className={`card ${isCurrent ? 'ring-2 ring-amber-500' : ''}`}
                  data-testid="membership"
                >
                  <p className="text-lg font-semibold">{m.organizer_name}</p>
                  <p className="text-slate-700">{t(`roles.${m.role}`)}</p>
                  <p className="mt-3 text-sm font-semibold text-slate-800">{t('home.may')}</p>
                  <ul className="mt-1 flex flex-wrap gap-1">
                    {PERMISSIONS.filter((p) => roleHas(m.role, p)).map((p) => (
                      <li key={p} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
                        {t(`permissions.${p.replace('.', '_')}`)}
                      </li>
                    ))}
                  </ul>
                  <div className="mt-4 flex flex-wrap gap-2">
                    {!isCurrent && (
                      <button
                        type="button"
                        className="btn-small"
                        onClick={() => chooseOrganizer(m.organizer_id)}
                      >
                        {t('home.switch_to', { organizer: m.organizer_name })}
                      </button>
                    )}
                    {roleHas(m.role, 'team.manage') && (
                      <Link to={paths.team(m.organizer_id)} className="btn-small">
                        {t('nav.team')}
                      </Link>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
