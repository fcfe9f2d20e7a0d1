import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Previous / "Página 2 de 5" / next under a list paginated by the API; `summary` before them. */
export function Pager({
  page,
  lastPage,
  onPage,
  summary,
}: {
  page: number;
  lastPage: number;
  onPage(page: number): void;
  summary?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('common:pagination')} className="mt-4 flex flex-wrap items-center justify-end gap-3">
      {summary}
      <button type="button" className="btn-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common:previous')}
      </button>
      <span className="text-sm text-slate-700">{t('common:page_of', { page, last: lastPage })}</span>
      <button
        type="button"
        className="btn-small"
        disabled={page >= lastPage}
        onClick={() => onPage(page + 1)}
      >
        {t('common:next')}
      </button>
    </nav>
  );
}
