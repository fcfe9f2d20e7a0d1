import { useTranslation } from 'react-i18next';

/** Pages to show: first, last, and the current one with its neighbours; gaps as null. */
export function pageWindow(page: number, last: number): (number | null)[] {
  const pages = new Set([1, last, page - 1, page, page + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}

export function Pagination({
  page,
  lastPage,
  onPage,
}: {
  page: number;
  lastPage: number;
  onPage(page: number): void;
}) {
  const { t } = useTranslation('dashboard');
  if (lastPage <= 1) return null;
  const btn =
    'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-semibold ring-1 ring-slate-300 bg-white text-slate-900 hover:bg-slate-100 disabled:opacity-50 disabled:cursor-not-allowed';
  return (
    <nav aria-label={t('pagination')} className="mt-6 flex flex-wrap items-center justify-center gap-2">
      <button type="button" className={btn} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <span aria-hidden>‹</span> {t('previous')}
      </button>
      {pageWindow(page, lastPage).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} aria-hidden className="px-1 text-slate-600">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={p === page ? `${btn} bg-slate-900! text-white! ring-slate-900` : btn}
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('page_n', { page: p })}
            onClick={() => onPage(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" className={btn} disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        {t('next')} <span aria-hidden>›</span>
      </button>
    </nav>
  );
}
