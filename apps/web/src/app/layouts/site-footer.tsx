import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { siteUrlsQuery } from '../../lib/site-urls';

/** Footer of spec §2: company, help, organisers (back office), privacy and terms, copyright. */
export function SiteFooter() {
  const { t } = useTranslation('layout');
  const urls = useQuery(siteUrlsQuery);
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-950 text-slate-300" data-testid="site-footer">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <nav aria-label={t('footer.company')}>
          <h2 className="mb-2 font-semibold text-white">{t('footer.company')}</h2>
          <Link to={paths.about} className="block py-1 hover:text-white">
            {t('footer.about_us')}
          </Link>
        </nav>
        <nav aria-label={t('footer.help')}>
          <h2 className="mb-2 font-semibold text-white">{t('footer.help')}</h2>
          <Link to={paths.needHelp} className="block py-1 hover:text-white">
            {t('footer.contact')}
          </Link>
          <Link to={paths.faq} className="block py-1 hover:text-white">
            {t('footer.faq')}
          </Link>
        </nav>
        <nav aria-label={t('footer.organizers')}>
          <h2 className="mb-2 font-semibold text-white">{t('footer.organizers')}</h2>
          <a
            href={urls.data?.backend ?? 'https://backoffice.bilheteira.pt'}
            className="block py-1 hover:text-white"
            rel="noopener"
            data-testid="reserved-area"
          >
            {t('footer.reserved_area')}
          </a>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-sm">
          <p>{t('footer.copyright', { year })}</p>
          <p className="flex gap-4">
            <Link to={paths.privacy} className="hover:text-white">
              {t('footer.privacy')}
            </Link>
            <Link to={paths.terms} className="hover:text-white">
              {t('footer.terms')}
            </Link>
            <Link to={paths.cookies} className="hover:text-white">
              {t('footer.cookies')}
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
