import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { Pager } from '../../../components/pager';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notice';
import { serverError } from '../form-kit';
import { useBracelets, useImportBracelets } from './bar-api';

/** The problems of a refused batch file, by line ("csv.3.uid" → "Linha 3 (UID): …"). */
function fileProblems(t: (k: string, o?: Record<string, unknown>) => string, err: unknown): string[] {
  if (!(err instanceof ApiError)) return [];
  return Object.entries(err.fieldErrors).flatMap(([path, messages]) => {
    const [, line, field] = /^csv\.(\d+)\.(\w+)$/.exec(path) ?? [];
    return line
      ? messages.map((m) => t('bar:line_problem', { line, field: t(`bar:column_${field}`), problem: m }))
      : messages;
  });
}

/** The event's bracelets: batch files imported (problems by line), searched and paged. */
export function Bracelets({ organizerId, eventId }: { organizerId: number; eventId: number }) {
  const { t } = useTranslation(['bar', 'common']);
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useBracelets(organizerId, eventId, { q: search, page });
  const upload = useImportBracelets(organizerId, eventId);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = '';
    if (!file) return;
    setError(null);
    setProblems([]);
    try {
      const res = await upload.mutateAsync(await file.text());
      notify(res.message ?? t('bar:saved'));
    } catch (err) {
      setError(serverError(t, err));
      setProblems(fileProblems(t, err));
    }
  };
  const meta = list.data?.meta;
  return (
    <section aria-labelledby="bracelets-title">
      <h2 id="bracelets-title" className="mb-3 text-xl font-bold">
        {t('bar:bracelets_title')}
      </h2>
      {meta && (
        <p className="mb-3 text-sm text-slate-700" data-testid="bracelet-counts">
          {t('bar:bracelet_counts', { active: meta.active, linked: meta.linked, blocked: meta.blocked })}
        </p>
      )}
      <div className="card mb-4 flex flex-col gap-2">
        <label htmlFor="bracelet-file" className="field-label">
          {t('bar:import_label')}
        </label>
        <p id="bracelet-file-hint" className="text-sm text-slate-700">
          {t('bar:import_hint')}
        </p>
        <input
          id="bracelet-file"
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-describedby="bracelet-file-hint"
          onChange={(e) => void onFile(e)}
          disabled={upload.isPending}
          data-testid="bracelet-file"
        />
        <FormError message={error} />
        {problems.length > 0 && (
          <ul className="list-disc pl-5 text-sm text-red-800" data-testid="import-problems">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
      </div>
      <form
        role="search"
        className="mb-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(q.trim());
          setPage(1);
        }}
      >
        <div>
          <label htmlFor="bracelet-search" className="field-label">
            {t('bar:search_label')}
          </label>
          <input
            id="bracelet-search"
            className="field-input"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
          />
        </div>
        <button type="submit" className="btn-secondary">
          {t('bar:search')}
        </button>
      </form>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <FormError message={serverError(t, list.error)} />
      ) : list.data.data.length === 0 ? (
        <p className="card text-slate-700">{t('bar:no_bracelets')}</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="bracelets-table">
              <caption className="sr-only">{t('bar:bracelets_title')}</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 pr-3">
                    {t('bar:column_code')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('bar:column_uid')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('bar:column_status')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('bar:column_linked')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((b) => (
                  <tr key={b.id} className="border-b border-slate-200">
                    <td className="py-2 pr-3 font-mono">{b.code}</td>
                    <td className="py-2 pr-3 font-mono">{b.uid}</td>
                    <td className="py-2 pr-3">{t(`bar:bracelet_${b.status}`)}</td>
                    <td className="py-2 pr-3">{b.linked ? t('common:yes') : t('common:no')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {meta && (
            <Pager
              page={page}
              lastPage={Math.max(1, Math.ceil(meta.total / meta.per_page))}
              onPage={setPage}
              summary={
                <span className="text-sm text-slate-700">
                  {t('bar:bracelets_total', { count: meta.total })}
                </span>
              }
            />
          )}
        </>
      )}
    </section>
  );
}
