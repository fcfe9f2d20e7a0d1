import { roleHas, type Permission } from '@bilheteira/shared/backoffice-roles';
import type { StaffMe } from '@bilheteira/shared/schemas/backoffice';

type Membership = StaffMe['memberships'][number];

/** Where each page lives (inside the /backoffice basename). */
export const paths = {
  home: '/',
  login: '/login',
  sessions: '/sessions',
  operatorRequests: '/operator/requests',
  operatorActivity: '/operator/activity',
  team: (organizerId: number) => `/organizers/${organizerId}/team`,
  events: (organizerId: number) => `/organizers/${organizerId}/events`,
  newEvent: (organizerId: number) => `/organizers/${organizerId}/events/new`,
  event: (organizerId: number, eventId: number) => `/organizers/${organizerId}/events/${eventId}`,
  eventDashboard: (organizerId: number, eventId: number) =>
    `/organizers/${organizerId}/events/${eventId}/dashboard`,
  orders: (organizerId: number) => `/organizers/${organizerId}/orders`,
  order: (organizerId: number, orderId: number) => `/organizers/${organizerId}/orders/${orderId}`,
  refunds: (organizerId: number) => `/organizers/${organizerId}/refunds`,
  payouts: (organizerId: number) => `/organizers/${organizerId}/payouts`,
  integrations: (organizerId: number) => `/organizers/${organizerId}/integrations`,
  activity: (organizerId: number) => `/organizers/${organizerId}/activity`,
  invitation: (token: string) => `/invitations/${token}`,
};

export interface NavItem {
  id:
    | 'home'
    | 'events'
    | 'orders'
    | 'refunds'
    | 'payouts'
    | 'team'
    | 'integrations'
    | 'requests'
    | 'sessions'
    | 'activity'
    | 'operatorActivity';
  to: string;
  /** the section the entry belongs to (organiser, platform, account) */
  section: 'organizer' | 'platform' | 'account';
}

/** An organiser page needs this permission in the current organiser. */
const ORGANIZER_PAGES: { id: NavItem['id']; permission: Permission; to: (id: number) => string }[] = [
  { id: 'events', permission: 'events.view', to: paths.events },
  { id: 'orders', permission: 'orders.view', to: paths.orders },
  { id: 'refunds', permission: 'orders.refund', to: paths.refunds },
  { id: 'payouts', permission: 'finance.view', to: paths.payouts },
  { id: 'team', permission: 'team.manage', to: paths.team },
  { id: 'integrations', permission: 'organizer.settings', to: paths.integrations },
  { id: 'activity', permission: 'audit.view', to: paths.activity },
];

/**
 * The side navigation for this user in this organiser: only what their role preset (and
 * the platform operator role) permits.
 */
export function navItems(me: StaffMe, current: Membership | null): NavItem[] {
  const items: NavItem[] = [{ id: 'home', to: paths.home, section: 'organizer' }];
  if (current)
    for (const page of ORGANIZER_PAGES)
      if (roleHas(current.role, page.permission))
        items.push({ id: page.id, to: page.to(current.organizer_id), section: 'organizer' });
  if (me.platform_role === 'operator') {
    items.push({ id: 'requests', to: paths.operatorRequests, section: 'platform' });
    items.push({ id: 'operatorActivity', to: paths.operatorActivity, section: 'platform' });
  }
  items.push({ id: 'sessions', to: paths.sessions, section: 'account' });
  return items;
}

const LAST_ORGANIZER_KEY = 'backoffice_organizer';

/** The organiser the user works in: the URL's, else the last one chosen, else the first. */
export function currentMembership(me: StaffMe, fromUrl: number | null): Membership | null {
  const byId = (id: number | null) => me.memberships.find((m) => m.organizer_id === id) ?? null;
  if (fromUrl !== null) return byId(fromUrl);
  let saved: number | null = null;
  try {
    saved = Number(localStorage.getItem(LAST_ORGANIZER_KEY)) || null;
  } catch {
    saved = null;
  }
  return byId(saved) ?? me.memberships[0] ?? null;
}

export function rememberOrganizer(id: number): void {
  try {
    localStorage.setItem(LAST_ORGANIZER_KEY, String(id));
  } catch {
    // storage disabled: the URL still says which organiser
  }
}
