import { useTranslation } from 'react-i18next';
import { EventDetails } from '../../features/catalog/components/event-details';
import { EventTickets } from '../event-tickets';
import { paths } from '../../config/paths';
import { MiniSite } from './site-shell';

/**
 * /sitemail/:slug — the mini-site laid out for visitors arriving from an e-mail campaign:
 * one column, the invitation and the tickets first, the event details after.
 */
export default function SiteMailPage() {
  const { t } = useTranslation('site');
  return (
    <MiniSite bare>
      {(event) => (
        <main id="main" className="mx-auto w-full max-w-2xl px-4 pb-10">
          <header className="-mx-4 mb-6 bg-slate-950 px-4 py-8 text-center text-white">
            <p className="text-sm font-semibold uppercase tracking-wide text-amber-400">{t('mail.kicker')}</p>
            <p className="mt-2 text-3xl font-bold">{event.name}</p>
            <a href="#tickets" className="btn-primary mt-5">
              {t('mail.buy')}
            </a>
          </header>
          <section id="tickets" aria-label={t('tickets')} className="scroll-mt-4">
            <div className="space-y-4">
              <EventTickets event={event} returnTo={paths.siteMail(event.slug)} />
            </div>
          </section>
          <section aria-label={t('mail.about')} className="mt-8">
            <EventDetails event={event} />
          </section>
        </main>
      )}
    </MiniSite>
  );
}
