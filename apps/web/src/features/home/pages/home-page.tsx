import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EventCard } from '../../../components/event-card';
import { paths } from '../../../config/paths';
import { usePageMeta } from '../../../lib/page-meta';
import { publicEventsQuery } from '../api/public-events';
import { BraceletIcon, PhoneIcon, ShieldIcon, TicketIcon } from '../components/feature-icons';
import { NewEventsModal } from '../components/new-events-modal';

const FEATURES = [
  { key: 'tickets', Icon: TicketIcon },
  { key: 'cashless', Icon: BraceletIcon },
  { key: 'mobile', Icon: PhoneIcon },
  { key: 'safe', Icon: ShieldIcon },
] as const;

const PAYMENTS = [
  { key: 'mbway', className: 'bg-red-700 text-white' },
  { key: 'card', className: 'bg-indigo-900 text-white' },
  { key: 'google_pay', className: 'bg-white text-slate-900 ring-1 ring-slate-300' },
  { key: 'apple_pay', className: 'bg-black text-white' },
] as const;

/** / — hero, features, upcoming public events, about, payments and the organiser call. */
export default function HomePage() {
  const { t } = useTranslation('home');
  const events = useQuery(publicEventsQuery);
  const list = events.data?.data ?? [];
  const more = (events.data?.meta.total ?? 0) > list.length;
  // the brand and what it sells, in the visitor's language (the server sends the same title)
  usePageMeta(t('meta.title'), t('meta.description'), { branded: true });
  return (
    <main id="main">
      <NewEventsModal />
      <section className="bg-slate-950 px-4 pb-16 pt-12 text-white sm:pt-16">
        <div className="mx-auto max-w-6xl">
          <p className="text-sm font-semibold uppercase tracking-wider text-amber-400">{t('hero.kicker')}</p>
          <h1 className="mt-2 max-w-3xl text-4xl font-extrabold leading-tight sm:text-5xl">
            {t('hero.title')}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-300">{t('hero.subtitle')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={paths.events} className="btn-primary">
              {t('hero.cta_events')}
            </Link>
            <Link
              to={paths.createAccount}
              className="inline-flex min-h-11 items-center rounded-full border border-white/50 px-5 py-2 font-semibold text-white hover:bg-white/10"
            >
              {t('hero.cta_organizer')}
            </Link>
          </div>
        </div>
      </section>

      <section className="page" aria-labelledby="events-title">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
          <h2 id="events-title" className="text-2xl font-bold">
            {t('events.title')}
          </h2>
          {list.length > 0 && (
            <Link to={paths.events} className="font-semibold text-indigo-800 underline underline-offset-2">
              {more ? t('events.see_all') : t('events.browse')}
            </Link>
          )}
        </div>
        {events.isSuccess && list.length === 0 && (
          <p className="card text-slate-800" data-testid="events-private">
            {t('events.private_only')}
          </p>
        )}
        {events.isPending ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden>
            {Array.from({ length: 3 }, (_, i) => (
              <li key={i} className="h-[14.5rem] animate-pulse rounded-2xl bg-slate-200 sm:h-[16.5rem]" />
            ))}
          </ul>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="home-events">
            {list.map((e) => (
              <EventCard key={e.id} event={e} />
            ))}
          </ul>
        )}
      </section>

      <section className="bg-white py-12" aria-labelledby="features-title">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="features-title" className="text-2xl font-bold">
            {t('features.title')}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ key, Icon }) => (
              <li key={key} className="rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200">
                <span className="inline-flex size-12 items-center justify-center rounded-xl bg-amber-100 text-amber-900">
                  <Icon />
                </span>
                <h3 className="mt-3 font-bold">{t(`features.${key}.title`)}</h3>
                <p className="mt-1 text-sm text-slate-700">{t(`features.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="page grid gap-8 lg:grid-cols-2" aria-labelledby="about-title">
        <div>
          <h2 id="about-title" className="text-2xl font-bold">
            {t('about.title')}
          </h2>
          <p className="mt-3 text-slate-800">{t('about.p1')}</p>
          <p className="mt-3 text-slate-800">{t('about.p2')}</p>
          <Link
            to={paths.about}
            className="mt-4 inline-block font-semibold text-indigo-800 underline underline-offset-2"
          >
            {t('about.more')}
          </Link>
        </div>
        <div>
          <h2 id="payments-title" className="text-2xl font-bold">
            {t('payments.title')}
          </h2>
          <p className="mt-3 text-slate-800">{t('payments.text')}</p>
          <ul className="mt-4 grid grid-cols-2 gap-3">
            {PAYMENTS.map((p) => (
              <li
                key={p.key}
                className={`flex h-16 items-center justify-center rounded-xl text-lg font-bold ${p.className}`}
              >
                {t(`payments.${p.key}`)}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="px-4 pb-16" aria-labelledby="organizer-cta-title">
        <div className="mx-auto max-w-6xl rounded-3xl bg-gradient-to-br from-indigo-950 to-slate-900 p-8 text-white sm:p-12">
          <h2 id="organizer-cta-title" className="text-2xl font-bold sm:text-3xl">
            {t('organizer_cta.title')}
          </h2>
          <p className="mt-3 max-w-2xl text-slate-200">{t('organizer_cta.text')}</p>
          <Link to={paths.createAccount} className="btn-primary mt-6">
            {t('organizer_cta.button')}
          </Link>
        </div>
      </section>
    </main>
  );
}
