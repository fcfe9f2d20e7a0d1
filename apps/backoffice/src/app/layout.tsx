import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { Dialog } from 'radix-ui';
import { api } from '../lib/api';
import { endSession } from '../lib/session';
import { NoticeRegion } from '../components/notice-region';
import { LanguageSwitcher } from './language-switcher';
import { navItems } from './nav';
import { OrganizerSwitcher } from './organizer-switcher';
import type { ShellContext } from './require-session';

/**
 * The signed-in frame: a side navigation (a drawer on phones) with the organiser switcher,
 * the pages this user's role permits, the language and sign-out; the page beside it.
 */
export function Layout({ context, children }: { context: ShellContext; children: ReactNode }) {
  const { t } = useTranslation('common');
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }
  return (
    <div className="min-h-dvh lg:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('skip_to_content')}
      </a>
      <header className="flex items-center justify-between bg-slate-900 px-4 py-3 text-white lg:hidden">
        <span className="text-lg font-bold">{t('brand')}</span>
        <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <Dialog.Trigger
            className="rounded-md border border-slate-500 px-3 py-2 text-sm font-semibold"
            data-testid="menu-button"
          >
            {t('menu')}
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
            <Dialog.Content
              aria-describedby={undefined}
              className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-slate-900 text-white"
            >
              <Dialog.Title className="sr-only">{t('menu')}</Dialog.Title>
              <SideNav context={context} idPrefix="drawer-" />
              <Dialog.Close className="m-4 rounded-md border border-slate-500 px-3 py-2 text-sm font-semibold">
                {t('close')}
              </Dialog.Close>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </header>
      <aside className="hidden w-64 shrink-0 flex-col bg-slate-900 text-white lg:flex">
        <SideNav context={context} idPrefix="" />
      </aside>
      <main id="main" className="min-w-0 flex-1 px-4 py-6 lg:px-8 lg:py-8">
        {children}
      </main>
      <NoticeRegion />
    </div>
  );
}

function SideNav({ context, idPrefix }: { context: ShellContext; idPrefix: string }) {
  const { t } = useTranslation('common');
  const [signingOut, setSigningOut] = useState(false);
  const items = navItems(context.me, context.current);
  const sections = (['organizer', 'platform', 'account'] as const)
    .map((s) => ({ s, items: items.filter((i) => i.section === s) }))
    .filter((x) => x.items.length);
  const signOut = async () => {
    setSigningOut(true);
    try {
      await api('/auth/logout', { method: 'POST', anonymous: true });
    } catch {
      // the session is gone either way on this device
    }
    // RequireSession then goes to the sign-in page
    endSession('signed_out');
  };
  return (
    <div className="flex flex-1 flex-col gap-6 p-4">
      <p className="hidden text-lg font-bold lg:block">{t('brand')}</p>
      <OrganizerSwitcher context={context} id={`${idPrefix}organizer`} />
      <nav aria-label={t('nav.label')} className="flex flex-col gap-4">
        {sections.map(({ s, items: list }) => (
          <div key={s}>
            <p className="mb-1 px-3 text-xs font-semibold uppercase tracking-wide text-slate-300">
              {t(`nav.section_${s}`)}
            </p>
            <ul className="flex flex-col gap-1">
              {list.map((item) => (
                <li key={item.id}>
                  <NavLink
                    to={item.to}
                    end={item.id === 'home'}
                    data-testid={`nav-${item.id}`}
                    className={({ isActive }) =>
                      `block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-amber-400 ${isActive ? 'bg-amber-500 text-slate-950' : 'text-slate-100 hover:bg-slate-800'}`
                    }
                  >
                    {t(`nav.${item.id}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="mt-auto flex flex-col gap-3 border-t border-slate-700 pt-4">
        <div className="min-w-0 text-sm">
          <p className="truncate font-semibold" data-testid="user-name">
            {context.me.name}
          </p>
          <p className="truncate text-slate-300">{context.me.email}</p>
        </div>
        <LanguageSwitcher id={`${idPrefix}language`} dark />
        <button
          type="button"
          className="rounded-md border border-slate-500 px-3 py-2 text-sm font-semibold hover:bg-slate-800"
          onClick={() => void signOut()}
          disabled={signingOut}
          data-testid="sign-out"
        >
          {t('sign_out')}
        </button>
      </div>
    </div>
  );
}
