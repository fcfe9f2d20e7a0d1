import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * A row of filter chips that scrolls sideways on a narrow screen. While chips are hidden past
 * the right edge, a fade with an arrow says so (a cut-off chip alone reads as the end of the
 * row); it goes once the row is scrolled to its end.
 */
export function FilterChips<F extends string>({
  filters,
  current,
  label,
  text,
  onSelect,
}: {
  filters: readonly F[];
  current: F;
  label: string;
  text(filter: F): string;
  onSelect(filter: F): void;
}) {
  const row = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  const measure = useCallback(() => {
    const el = row.current;
    if (el) setMore(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
  }, []);
  // before paint, so the hint never appears late
  useLayoutEffect(() => {
    measure();
    const el = row.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  return (
    <div className="relative mt-6">
      <div
        ref={row}
        role="group"
        aria-label={label}
        onScroll={measure}
        className="flex gap-2 overflow-x-auto pb-1"
        data-testid="filter-chips"
      >
        {filters.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={current === f}
            onClick={() => onSelect(f)}
            className={`min-h-11 shrink-0 rounded-full px-4 text-sm font-semibold ring-1 transition ${
              current === f
                ? 'bg-slate-900 text-white ring-slate-900'
                : 'bg-white text-slate-900 ring-slate-300 hover:bg-slate-100'
            }`}
          >
            {text(f)}
          </button>
        ))}
      </div>
      {more && (
        <div
          aria-hidden
          data-testid="filter-chips-more"
          className="pointer-events-none absolute inset-y-0 right-0 flex w-14 items-center justify-end bg-gradient-to-l from-slate-50 via-slate-50/90 to-transparent pb-1"
        >
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            className="text-slate-700"
          >
            <path d="M9 6l6 6-6 6" />
          </svg>
        </div>
      )}
    </div>
  );
}
