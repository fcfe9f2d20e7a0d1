import { useOutletContext } from 'react-router';
import type { ShellContext } from './require-session';

/** The signed-in user and the organiser they work in (pages inside the layout). */
export const useShell = () => useOutletContext<ShellContext>();
