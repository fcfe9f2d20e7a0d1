import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** A chunk that failed to load (or any render error): a clear message and a reload button. */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    window.location.replace('/404');
    return null;
  }
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-2xl font-bold">{t('chunk_error.title')}</h1>
      <p className="text-slate-700">{t('chunk_error.text')}</p>
      <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
        {t('reload')}
      </button>
    </main>
  );
}
