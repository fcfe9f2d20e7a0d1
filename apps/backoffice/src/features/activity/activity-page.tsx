import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { roleHas } from '@bilheteira/shared/backoffice-roles';
import { useShell } from '../../app/shell-context';
import { PageHeader } from '../../components/page-header';
import { ActivityLog } from './activity-log';

/** The organiser's activity log (audit.view: owners and admins). */
export function ActivityPage() {
  const { t } = useTranslation(['activity', 'common']);
  const { current } = useShell();
  if (!current || !roleHas(current.role, 'audit.view')) return <Navigate to="/" replace />;
  return (
    <div className="max-w-5xl">
      <PageHeader title={t('activity:title')} subtitle={current.organizer_name} />
      <p className="mb-4 text-sm text-slate-700">{t('activity:intro')}</p>
      <ActivityLog organizerId={current.organizer_id} />
    </div>
  );
}

/** Every organiser's activity log and the platform's, support impersonation included (operators). */
export function OperatorActivityPage() {
  const { t } = useTranslation(['activity', 'common']);
  const { me } = useShell();
  if (me.platform_role !== 'operator') return <Navigate to="/" replace />;
  return (
    <div className="max-w-5xl">
      <PageHeader title={t('activity:platform_title')} />
      <p className="mb-4 text-sm text-slate-700">{t('activity:platform_intro')}</p>
      <ActivityLog organizerId={null} />
    </div>
  );
}
