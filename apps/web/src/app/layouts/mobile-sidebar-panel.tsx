import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useReturnFocus } from '@bilheteira/ui/use-return-focus';
import { useSession } from '../../stores/session-store';
import { useUi } from '../../stores/ui-store';
import { useLogout } from './dashboard-header';
import { LanguageSelect } from './language-select';
import { useMyAccount } from './use-my-account';

const SOCIAL = [
  { name: 'Instagram', href: 'https://www.instagram.com/bilheteira' },
  { name: 'Facebook', href: 'https://www.facebook.com/bilheteira' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/bilheteira' },
];

/**
 * Mobile side menu (spec §2): overlay, body scroll locked while open (Radix Dialog). `extra`
 * (the signed-in area's own links, "Your account" among them) replaces "My account", so
 * there is one account entry; a signed-in customer is offered logout, not "Create event".
 */
export default function MobileSidebarPanel({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation('layout');
  const open = useUi((s) => s.mobileMenuOpen);
  const setOpen = useUi((s) => s.setMobileMenu);
  const openCreateEvent = useUi((s) => s.openCreateEvent);
  const myAccount = useMyAccount();
  const logout = useLogout();
  const signedIn = useSession((s) => !!s.token);
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-2 bg-slate-950 p-6 text-white"
          data-testid="mobile-sidebar"
        >
          <Dialog.Title className="mb-4 text-lg font-bold">Bilheteira</Dialog.Title>
          <Dialog.Description className="sr-only">{t('main_nav')}</Dialog.Description>
          {extra ?? (
            <button type="button" className="py-2 text-left" onClick={myAccount}>
              {t('my_account')}
            </button>
          )}
          <Link to={paths.events} className="py-2" onClick={() => setOpen(false)}>
            {t('events')}
          </Link>
          {!signedIn && (
            <button type="button" className="py-2 text-left" onClick={openCreateEvent}>
              {t('create_event')}
            </button>
          )}
          <LanguageSelect className="py-2" />
          {signedIn && (
            <button type="button" className="py-2 text-left" onClick={logout}>
              {t('logout')}
            </button>
          )}
          <nav aria-label={t('social')} className="mt-auto flex flex-wrap gap-4 text-sm text-slate-300">
            {SOCIAL.map((s) => (
              <a
                key={s.name}
                href={s.href}
                rel="noopener noreferrer"
                target="_blank"
                className="py-2 hover:text-white"
              >
                {s.name}
                <span className="sr-only"> {t('new_window')}</span>
              </a>
            ))}
          </nav>
          <Dialog.Close className="absolute right-4 top-4 p-2" aria-label={t('close_menu')}>
            ✕
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
