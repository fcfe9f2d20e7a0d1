import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { siteUrlsQuery } from '../../lib/site-urls';

/** The electronic complaints book every Portuguese business must link to. */
const COMPLAINTS_BOOK_URL = 'https://www.livroreclamacoes.pt';

/** Consumer alternative dispute resolution entities (Lei 144/2015) and the official full list. */
const ADR_ENTITIES = [
  { key: 'adr_cniacc', href: 'https://www.cniacc.pt' },
  { key: 'adr_lisbon', href: 'https://www.centroarbitragemlisboa.pt' },
] as const;
const CONSUMER_PORTAL_URL = 'https://www.consumidor.gov.pt';

/** A link to another site: opens in a new window, and says so to screen readers. */
function ExternalLink({ href, className, children }: { href: string; className: string; children: string }) {
  const { t } = useTranslation('layout');
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> {t('new_window')}</span>
    </a>
  );
}

/** Alternative dispute resolution: the entities a consumer may turn to, and the full list. */
function DisputeResolution() {
  const { t } = useTranslation('layout');
  const link = 'underline underline-offset-2 hover:text-white';
  return (
    <section aria-labelledby="footer-adr" className="text-sm" data-testid="footer-adr">
      <h2 id="footer-adr" className="mb-1 font-semibold text-white">
        {t('footer.adr_title')}
      </h2>
      <p>
        {t('footer.adr_text')}{' '}
        {ADR_ENTITIES.map((e, i) => (
          <span key={e.key}>
            <ExternalLink href={e.href} className={link}>
              {t(`footer.${e.key}`)}
            </ExternalLink>
            {i < ADR_ENTITIES.length - 1 ? '; ' : '. '}
          </span>
        ))}
        {t('footer.adr_more')}{' '}
        <ExternalLink href={CONSUMER_PORTAL_URL} className={link}>
          {t('footer.adr_portal')}
        </ExternalLink>
        .
      </p>
    </section>
  );
}

/**
 * Footer of spec §2: company, help, organisers (back office), privacy and terms, copyright;
 * and what Portuguese consumer law and the European Accessibility Act ask of every page: the
 * complaints book, the dispute resolution entities, the company's name, NIF and address, and
 * the accessibility statement.
 */
export function SiteFooter() {
  const { t } = useTranslation('layout');
  const urls = useQuery(siteUrlsQuery);
  const company = urls.data?.company;
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-950 text-slate-300" data-testid="site-footer">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
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
            href={urls.data?.backend ?? '/backoffice'}
            className="block py-1 hover:text-white"
            rel="noopener"
            data-testid="reserved-area"
          >
            {t('footer.reserved_area')}
          </a>
        </nav>
        <nav aria-label={t('footer.legal')}>
          <h2 className="mb-2 font-semibold text-white">{t('footer.legal')}</h2>
          <ExternalLink href={COMPLAINTS_BOOK_URL} className="block py-1 hover:text-white">
            {t('footer.complaints_book')}
          </ExternalLink>
          <Link to={paths.accessibility} className="block py-1 hover:text-white">
            {t('footer.accessibility')}
          </Link>
        </nav>
      </div>
      <div className="mx-auto max-w-6xl px-4 pb-8">
        <DisputeResolution />
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-sm">
          <div>
            <p>{t('footer.copyright', { year })}</p>
            {company && (
              <p className="mt-1" data-testid="footer-company">
                {t('footer.company_line', company)}
              </p>
            )}
          </div>
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
