import { useTranslation } from 'react-i18next';

/** Placeholder with the page's final shape, so nothing jumps when the event arrives. */
export function EventPageSkeleton() {
  const { t } = useTranslation('catalog');
  return (
    <main
      id="main"
      className="page grid min-h-screen content-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]"
      aria-busy="true"
    >
      <p className="sr-only" role="status">
        {t('loading')}
      </p>
      <div className="space-y-5">
        <div className="h-[12.25rem] animate-pulse rounded-2xl bg-slate-200 sm:h-52" />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="h-28 animate-pulse rounded-2xl bg-slate-200" />
          <div className="h-28 animate-pulse rounded-2xl bg-slate-200" />
        </div>
      </div>
      <div className="h-72 animate-pulse rounded-2xl bg-slate-200" />
    </main>
  );
}
