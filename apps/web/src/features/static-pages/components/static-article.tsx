import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../../lib/page-meta';

type Sections = Record<string, { title: string; body: string }>;

export type ArticlePage = 'about' | 'terms' | 'privacy' | 'cookies' | 'privacy_app' | 'accessibility';

/** A text page from the `static` catalogue: title, intro, numbered sections, paragraphs. */
export function StaticArticle({
  page,
  updated,
  children,
}: {
  page: ArticlePage;
  updated?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('static');
  const sections = t(`${page}.sections`, { returnObjects: true }) as Sections;
  usePageMeta(t(`${page}.title`), t(`${page}.intro`));
  return (
    <main id="main" className="page max-w-3xl" data-testid={`static-${page}`}>
      <h1 className="text-3xl font-extrabold">{t(`${page}.title`)}</h1>
      {updated && <p className="mt-1 text-sm text-slate-700">{t('updated', { date: updated })}</p>}
      <p className="mt-4 text-lg text-slate-800">{t(`${page}.intro`)}</p>
      {Object.entries(sections).map(([key, s]) => (
        <section key={key} aria-labelledby={`${page}-${key}`} className="mt-8">
          <h2 id={`${page}-${key}`} className="text-xl font-bold">
            {s.title}
          </h2>
          {s.body.split('\n\n').map((p, i) => (
            <p key={i} className="mt-2 leading-relaxed text-slate-800">
              {p}
            </p>
          ))}
        </section>
      ))}
      {children}
    </main>
  );
}
