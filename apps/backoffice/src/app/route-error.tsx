import { useTranslation } from 'react-i18next';

/** A page that failed to load (a new version was deployed, the network dropped). */
export function RouteError() {
  const { t } = useTranslation('common');
  return (
    <main className="mx-auto max-w-md p-8 text-center">
      <h1 className="text-2xl font-bold">{t('errors.page_title')}</h1>
      <p className="mt-2 text-slate-700">{t('errors.page_text')}</p>
      <button type="button" className="btn-primary mt-6" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </main>
  );
}
