import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { roleHas } from '@bilheteira/shared/backoffice-roles';
import { useShell } from '../../app/shell-context';
import { PageHeader } from '../../components/page-header';
import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';

/** An organiser's integrations (organizer.settings): API keys and webhook endpoints with their deliveries. */
export function IntegrationsPage() {
  const { t } = useTranslation(['integrations', 'common']);
  const { current } = useShell();
  if (!current || !roleHas(current.role, 'organizer.settings')) return <Navigate to="/" replace />;
  return (
    <div className="max-w-5xl">
      <PageHeader title={t('integrations:title')} subtitle={current.organizer_name} />
      <div className="flex flex-col gap-10">
        <ApiKeysSection organizerId={current.organizer_id} />
        <WebhooksSection organizerId={current.organizer_id} />
      </div>
    </div>
  );
}
