import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageMeta } from '../../../lib/page-meta';

type Items = Record<string, { q: string; a: string }>;

/** FAQ: native disclosure widgets (keyboard and screen-reader friendly without script). */
export default function FaqPage() {
  const { t } = useTranslation('static');
  const items = t('faq.items', { returnObjects: true }) as Items;
  usePageMeta(t('faq.title'), t('faq.intro'));
  return (
    <main id="main" className="page max-w-3xl" data-testid="static-faq">
      <h1 className="text-3xl font-extrabold">{t('faq.title')}</h1>
      <p className="mt-4 text-lg text-slate-800">{t('faq.intro')}</p>
      <div className="mt-6 divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
        {Object.entries(items).map(([key, item]) => (
          <details key={key} className="group px-5 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold">
              <h2 className="text-base">{item.q}</h2>
              <span aria-hidden className="text-xl transition group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-2 leading-relaxed text-slate-800">{item.a}</p>
          </details>
        ))}
      </div>
      <p className="mt-6">
        <Link to={paths.needHelp} className="btn-primary">
          {t('need_help.title')}
        </Link>
      </p>
    </main>
  );
}
