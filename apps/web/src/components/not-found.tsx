import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { usePageMeta } from '../lib/page-meta';

/** Spec §8 '404 Organizer/Event not found', with a way back: the 404 page and unknown slugs. */
export function NotFound() {
  const { t } = useTranslation('common');
  usePageMeta(t('not_found.title'), t('not_found.text'));
  return (
    <main
      id="main"
      className="page flex min-h-[50vh] flex-col items-center justify-center text-center"
      data-testid="not-found"
    >
      <h1 className="text-3xl font-extrabold">{t('not_found.title')}</h1>
      <p className="mt-3 max-w-md text-slate-700">{t('not_found.text')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={paths.events} className="btn-primary">
          {t('not_found.see_events')}
        </Link>
        <Link to={paths.home} className="btn-secondary">
          {t('not_found.back_home')}
        </Link>
      </div>
    </main>
  );
}
