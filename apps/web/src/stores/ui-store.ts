import { create } from 'zustand';

/**
 * Global modals that several features open (the header, checkout and mini-sites open the
 * login; the header and home open the organiser request). Rendered once at the app root.
 */
interface UiState {
  loginOpen: boolean;
  /** where to go after a successful login (default: dashboard-home) */
  loginReturnTo: string | null;
  createEventOpen: boolean;
  mobileMenuOpen: boolean;
  openLogin(returnTo?: string | null): void;
  closeLogin(): void;
  openCreateEvent(): void;
  closeCreateEvent(): void;
  setMobileMenu(open: boolean): void;
}

export const useUi = create<UiState>((set) => ({
  loginOpen: false,
  loginReturnTo: null,
  createEventOpen: false,
  mobileMenuOpen: false,
  openLogin: (returnTo = null) => set({ loginOpen: true, loginReturnTo: returnTo, mobileMenuOpen: false }),
  closeLogin: () => set({ loginOpen: false }),
  openCreateEvent: () => set({ createEventOpen: true, mobileMenuOpen: false }),
  closeCreateEvent: () => set({ createEventOpen: false }),
  setMobileMenu: (open) => set({ mobileMenuOpen: open }),
}));
