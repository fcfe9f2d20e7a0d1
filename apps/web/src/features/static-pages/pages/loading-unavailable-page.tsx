import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageMeta } from '../../../lib/page-meta';

/** Online top-up unavailable: go to a charging point (spec §8). */
export default function LoadingUnavailablePage() {
  const { t } = useTranslation('static');
  usePageMeta(t('unavailable.title'), t('unavailable.text'));
  return (
    <main
      id="main"
      className="flex min-h-screen flex-col items-center justify-center bg-slate-950 px-6 text-center text-white"
      data-testid="loading-unavailable"
    >
      <img src="/logo.svg" alt="" width="56" height="56" />
      <h1 className="mt-6 text-3xl font-extrabold">{t('unavailable.title')}</h1>
      <p className="mt-3 max-w-md text-slate-200">{t('unavailable.text')}</p>
      <Link to={paths.home} className="btn-primary mt-8">
        {t('unavailable.home')}
      </Link>
    </main>
  );
}
