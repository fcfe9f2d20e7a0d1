import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigationType, useSearchParams } from 'react-router';
import { EVENT_SORTS } from '@bilheteira/shared/schemas/events';
import { EventCard } from '../../../components/event-card';
import { usePageMeta } from '../../../lib/page-meta';
import { DEFAULT_PER_PAGE, eventsQuery, paramsFromSearch, type CatalogParams } from '../api/events';

/** Previous / "page n of m" / next, as links that keep the rest of the query. */
function Pagination({
  page,
  lastPage,
  pageLink,
}: {
  page: number;
  lastPage: number;
  pageLink(page: number): string;
}) {
  const { t } = useTranslation('catalog');
  return (
    <nav aria-label={t('list.pagination')} className="mt-8 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={pageLink(page - 1)} className="btn-secondary" rel="prev">
          {t('list.prev')}
        </Link>
      ) : (
        <span className="w-24" />
      )}
      <span className="text-sm text-slate-700" data-testid="page-of">
        {t('list.page_of', { page, last: lastPage })}
      </span>
      {page < lastPage ? (
        <Link to={pageLink(page + 1)} className="btn-secondary" rel="next">
          {t('list.next')}
        </Link>
      ) : (
        <span className="w-24" />
      )}
    </nav>
  );
}

/**
 * Another page of results: on a phone the pager sits far below the list's top, so bring the
 * list into view and put the focus on its count (back/forward restores its own position).
 */
function useResultsInViewOnPaging(page: number) {
  const resultsRef = useRef<HTMLParagraphElement>(null);
  const navigationType = useNavigationType();
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    const results = resultsRef.current;
    if (navigationType === 'POP' || !results) return;
    if (results.getBoundingClientRect().top < 0)
      results.scrollIntoView({ behavior: 'smooth', block: 'start' });
    results.focus({ preventScroll: true });
  }, [page, navigationType]);
  return resultsRef;
}

/** A page past the end (an old link, a hand-typed ?page=): says so and offers the way back. */
function PageMissing({
  page,
  lastPage,
  firstPageLink,
}: {
  page: number;
  lastPage: number;
  firstPageLink: string;
}) {
  const { t } = useTranslation('catalog');
  return (
    <div className="card mt-4 text-slate-800" data-testid="page-missing">
      <p>{t('list.page_missing', { page, count: lastPage })}</p>
      <Link to={firstPageLink} className="btn-primary mt-3">
        {t('list.first_page')}
      </Link>
    </div>
  );
}

/** /events — the catalogue: search, sort, pages; the view lives in the URL query. */
export default function EventsPage() {
  const { t } = useTranslation('catalog');
  const [sp, setSp] = useSearchParams();
  const params = paramsFromSearch(sp);
  const query = useQuery(eventsQuery(params));
  const [text, setText] = useState(params.search);
  usePageMeta(t('list.title'), t('list.intro'));

  // Back/forward changes the URL: keep the box in step with it.
  useEffect(() => setText(params.search), [params.search]);

  const resultsRef = useResultsInViewOnPaging(params.page);

  const go = (next: Partial<CatalogParams>) => {
    const merged = { ...params, ...next };
    const q = new URLSearchParams();
    if (merged.search) q.set('search', merged.search);
    if (merged.sort !== 'date') q.set('sort', merged.sort);
    if (merged.page > 1) q.set('page', String(merged.page));
    if (merged.per_page !== DEFAULT_PER_PAGE) q.set('per_page', String(merged.per_page));
    setSp(q);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    go({ search: text.trim(), page: 1 });
  };

  const data = query.data;
  const meta = data?.meta;
  const list = data?.data ?? [];
  const pageLink = (page: number) => {
    const q = new URLSearchParams(sp);
    if (page > 1) q.set('page', String(page));
    else q.delete('page');
    const s = q.toString();
    return s ? `?${s}` : '?';
  };

  return (
    <main id="main" className="page">
      <h1 className="text-3xl font-extrabold">{t('list.title')}</h1>
      <p className="mt-1 text-slate-700">{t('list.intro')}</p>

      <div className="mt-6 flex flex-col gap-3 lg:flex-row lg:items-end">
        <form role="search" onSubmit={onSubmit} className="flex flex-1 flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor="event-search" className="field-label">
              {t('list.search_label')}
            </label>
            <input
              id="event-search"
              type="search"
              name="search"
              value={text}
              maxLength={100}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('list.search_placeholder')}
              className="field-input"
              autoComplete="off"
              enterKeyHint="search"
            />
          </div>
          <button type="submit" className="btn-primary">
            {t('list.search_button')}
          </button>
          {params.search && (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                setText('');
                go({ search: '', page: 1 });
              }}
            >
              {t('list.clear')}
            </button>
          )}
        </form>
        <div>
          <label htmlFor="event-sort" className="field-label">
            {t('list.sort_label')}
          </label>
          <select
            id="event-sort"
            value={params.sort}
            onChange={(e) => go({ sort: e.target.value as CatalogParams['sort'], page: 1 })}
            className="field-input"
          >
            {EVENT_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`list.sort_${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <p
        ref={resultsRef}
        tabIndex={-1}
        className="mt-5 scroll-mt-20 text-sm text-slate-700 focus:outline-none"
        role="status"
        data-testid="results-count"
      >
        {meta
          ? params.search
            ? t('list.results_for', { count: meta.total, search: params.search })
            : t('list.results', { count: meta.total })
          : query.isPending
            ? t('loading')
            : ''}
      </p>

      {query.isError && !data && (
        <div className="mt-6 text-center">
          <p>{t('list.load_error')}</p>
          <button type="button" className="btn-primary mt-3" onClick={() => void query.refetch()}>
            {t('retry')}
          </button>
        </div>
      )}

      {data && list.length === 0 && meta && params.page > meta.last_page && meta.total > 0 ? (
        <PageMissing page={params.page} lastPage={meta.last_page} firstPageLink={pageLink(1)} />
      ) : (
        data &&
        list.length === 0 && (
          <p className="card mt-4 text-slate-800" data-testid="events-empty">
            {params.search ? t('list.empty_search') : t('list.empty')}
          </p>
        )
      )}

      {query.isPending ? (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden>
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="h-[14.5rem] animate-pulse rounded-2xl bg-slate-200 sm:h-[16.5rem]" />
          ))}
        </ul>
      ) : (
        <ul
          className={`mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${query.isPlaceholderData ? 'opacity-60' : ''}`}
          data-testid="events-list"
        >
          {list.map((e) => (
            <EventCard key={e.id} event={e} headingLevel={2} />
          ))}
        </ul>
      )}

      {meta && meta.last_page > 1 && meta.page <= meta.last_page && (
        <Pagination page={meta.page} lastPage={meta.last_page} pageLink={pageLink} />
      )}
    </main>
  );
}
