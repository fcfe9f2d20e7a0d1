import { flexRender, type RowData, type Table } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the library's own signature
  interface ColumnMeta<TData extends RowData, TValue> {
    /** the column's name over each cell when rows stack as cards on phones */
    label?: string;
  }
}

/**
 * A TanStack table rendered as an accessible HTML table: sortable headers are buttons with
 * aria-sort; on phones each row stacks as a card, each cell under its column's `meta.label`
 * (styles.css `.data-table`), and anything still too wide scrolls inside a focusable region.
 */
export function DataTable<T>({
  table,
  label,
  empty,
  testId,
  caption,
}: {
  table: Table<T>;
  label: string;
  empty: string;
  testId?: string;
  /** what the table lists, read out with it (visually hidden: the page's heading shows it) */
  caption?: string;
}) {
  const { t } = useTranslation('common');
  const rows = table.getRowModel().rows;
  return (
    <div
      className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className="data-table" data-testid={testId}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const content = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className="inline-flex items-center gap-1 rounded hover:underline focus-visible:outline-2 focus-visible:outline-amber-600"
                        title={t('table.sort')}
                      >
                        {content}
                        <span aria-hidden>{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                      </button>
                    ) : (
                      content
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={table.getAllLeafColumns().length} className="py-8 text-center text-slate-700">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className="hover:bg-slate-50">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} data-label={cell.column.columnDef.meta?.label}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
