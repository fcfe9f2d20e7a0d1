import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <div className="card max-w-lg">
      <h1 className="text-2xl font-bold">{t('not_found.title')}</h1>
      <p className="mt-2 text-slate-700">{t('not_found.text')}</p>
      <Link to="/" className="btn-primary mt-6">
        {t('nav.home')}
      </Link>
    </div>
  );
}
