import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../app/language-switcher';

/** The page around the sign-in and invitation steps: brand, language, one card. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex flex-wrap items-center justify-between gap-3 bg-slate-900 px-4 py-3 text-white">
        <p className="text-lg font-bold">{t('brand')}</p>
        <LanguageSwitcher dark />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <div className="card w-full max-w-md">
          <h1 className="mb-4 text-2xl font-bold">{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}
