import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../../lib/page-meta';
import { OrganizerRequestForm } from '../components/organizer-request-form';

/** /create-account: the organiser account request as a page (spec §2). */
export default function CreateAccountPage() {
  const { t } = useTranslation('organizer');
  usePageMeta(t('page_title'));
  return (
    <main id="main" className="page">
      <div className="mx-auto max-w-2xl">
        <h1 className="text-3xl font-bold">{t('page_title')}</h1>
        <p className="mt-2 text-slate-700">{t('page_intro')}</p>
        <div className="card mt-6">
          <OrganizerRequestForm />
        </div>
      </div>
    </main>
  );
}
