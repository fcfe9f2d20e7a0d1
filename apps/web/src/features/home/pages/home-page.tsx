import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { publicEventsQuery } from '../api/public-events';

export default function HomePage() {
  const { t } = useTranslation('home');
  const events = useQuery(publicEventsQuery);
  const list = events.data?.data ?? [];
  return (
    <main id="main">
      <section className="bg-slate-950 px-4 py-16 text-white">
        <div className="mx-auto max-w-6xl">
          <h1 className="text-4xl font-extrabold">{t('hero.title')}</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-300">{t('hero.subtitle')}</p>
        </div>
      </section>
      <section className="page" aria-labelledby="events-title">
        <h2 id="events-title" className="mb-4 text-2xl font-bold">
          {t('events.title')}
        </h2>
        {events.isSuccess && list.length === 0 && <p>{t('events.private_only')}</p>}
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((e) => (
            <li key={e.id} className="card">
              <Link to={paths.event(e.slug)} className="text-lg font-semibold hover:underline">
                {e.name}
              </Link>
              <p className="text-sm text-slate-700">{e.city}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
