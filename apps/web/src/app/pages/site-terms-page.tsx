import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WALLET_REFUND_FEE_CENTS } from '@bilheteira/shared/constants';
import { formatEur } from '@bilheteira/shared/money';
import { paths } from '../../config/paths';
import { currentLocale, HTML_LANG } from '../../i18n/i18n';
import { MiniSite } from './site-shell';

/**
 * /site/:slug/terms — the event's terms: who organises it and the rules that come from the
 * event's own settings (service fee, limits per order, wallet and top-ups), plus links to
 * the general terms and privacy policy.
 */
export default function SiteTermsPage() {
  const { t } = useTranslation('site');
  return (
    <MiniSite title={t('event_terms.title')}>
      {(event) => {
        const percent = new Intl.NumberFormat(HTML_LANG[currentLocale()], {
          style: 'percent',
          maximumFractionDigits: 2,
        }).format(event.service_fee_bp / 10_000);
        return (
          <main id="main" className="page max-w-3xl">
            <article className="card space-y-6">
              <header>
                <h1 className="text-3xl font-bold">{t('event_terms.title')}</h1>
                <p className="mt-2 text-slate-700">{t('event_terms.intro', { event: event.name })}</p>
              </header>
              <section>
                <h2 className="text-xl font-semibold">{t('event_terms.organizer_title')}</h2>
                <p className="mt-2">{t('event_terms.organizer_text', { organizer: event.organizer.name })}</p>
                {event.contact_email && (
                  <p className="mt-2">
                    {t('event_terms.contact', { email: '' })}
                    <a href={`mailto:${event.contact_email}`} className="font-medium underline">
                      {event.contact_email}
                    </a>
                  </p>
                )}
              </section>
              <section>
                <h2 className="text-xl font-semibold">{t('event_terms.tickets_title')}</h2>
                <ul className="mt-2 list-disc space-y-1 pl-6">
                  {(['item1', 'item2', 'item3'] as const).map((k) => (
                    <li key={k}>{t(`event_terms.tickets_items.${k}`)}</li>
                  ))}
                  <li>
                    {event.service_fee_bp > 0 ? t('event_terms.fee', { percent }) : t('event_terms.no_fee')}
                  </li>
                  {event.ticket_types.map((tt) => (
                    <li key={tt.id}>
                      {t('event_terms.limits', {
                        ticket: tt.name,
                        min: tt.min_per_order,
                        max: tt.max_per_order,
                      })}
                    </li>
                  ))}
                </ul>
              </section>
              {event.wallet_enabled && (
                <section>
                  <h2 className="text-xl font-semibold">{t('event_terms.wallet_title')}</h2>
                  <ul className="mt-2 list-disc space-y-1 pl-6">
                    {(['item1', 'item2', 'item3'] as const).map((k) => (
                      <li key={k}>
                        {t(`event_terms.wallet_items.${k}`, { fee: formatEur(WALLET_REFUND_FEE_CENTS) })}
                      </li>
                    ))}
                    <li>
                      {event.online_topup_enabled
                        ? t('event_terms.online_topup')
                        : t('event_terms.no_online_topup')}
                    </li>
                  </ul>
                </section>
              )}
              <footer className="flex flex-wrap gap-4 border-t border-slate-200 pt-4 text-sm">
                <Link to={paths.terms} target="_blank" rel="noopener" className="underline">
                  {t('event_terms.general')}
                </Link>
                <Link to={paths.privacy} target="_blank" rel="noopener" className="underline">
                  {t('event_terms.privacy')}
                </Link>
              </footer>
            </article>
          </main>
        );
      }}
    </MiniSite>
  );
}
