// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { permissionsOf, ROLES, type Role } from '@bilheteira/shared/backoffice-roles';
import type { StaffMe } from '@bilheteira/shared/schemas/backoffice';
import { currentMembership, navItems } from './nav';

const membership = (organizer_id: number, role: Role) => ({
  organizer_id,
  organizer_name: `Org ${organizer_id}`,
  organizer_slug: `org-${organizer_id}`,
  role,
  permissions: permissionsOf(role),
});

const me = (memberships: StaffMe['memberships'], platform_role: string | null = null): StaffMe => ({
  id: 1,
  email: 'a@b.pt',
  name: 'A',
  platform_role,
  second_factor_enabled: true,
  state: 'complete',
  csrf_token: 'x',
  memberships,
});

describe('side navigation', () => {
  it('shows the team page only to roles that manage the team', () => {
    for (const role of ROLES) {
      const user = me([membership(7, role)]);
      const ids = navItems(user, user.memberships[0]!).map((i) => i.id);
      expect(ids.includes('team'), role).toBe(role === 'owner' || role === 'admin');
      expect(ids).toContain('sessions');
      expect(ids).not.toContain('requests');
    }
  });

  it('shows the orders to roles that may read them, never to door or bar staff', () => {
    for (const role of ROLES) {
      const user = me([membership(7, role)]);
      const orders = navItems(user, user.memberships[0]!).find((i) => i.id === 'orders');
      expect(!!orders, role).toBe(permissionsOf(role).includes('orders.view'));
      if (orders) expect(orders.to).toBe('/organizers/7/orders');
    }
    const door = me([membership(7, 'door_staff')]);
    expect(navItems(door, door.memberships[0]!).map((i) => i.id)).not.toContain('orders');
  });

  it('shows the refund queue only to roles that answer refund requests (orders.refund)', () => {
    for (const role of ROLES) {
      const user = me([membership(7, role)]);
      const refunds = navItems(user, user.memberships[0]!).find((i) => i.id === 'refunds');
      expect(!!refunds, role).toBe(['owner', 'admin', 'finance'].includes(role));
      if (refunds) expect(refunds.to).toBe('/organizers/7/refunds');
    }
  });

  it('shows the payouts only to roles that read the money (finance.view)', () => {
    for (const role of ROLES) {
      const user = me([membership(7, role)]);
      const payouts = navItems(user, user.memberships[0]!).find((i) => i.id === 'payouts');
      expect(!!payouts, role).toBe(['owner', 'admin', 'finance'].includes(role));
      if (payouts) expect(payouts.to).toBe('/organizers/7/payouts');
    }
  });

  it('shows the integrations (API keys, webhooks) only to roles with organizer.settings', () => {
    for (const role of ROLES) {
      const user = me([membership(7, role)]);
      const entry = navItems(user, user.memberships[0]!).find((i) => i.id === 'integrations');
      expect(!!entry, role).toBe(['owner', 'admin'].includes(role));
      if (entry) expect(entry.to).toBe('/organizers/7/integrations');
    }
  });

  it('shows the request queue and the platform activity log to platform operators only', () => {
    const operator = me([], 'operator');
    expect(navItems(operator, null).map((i) => i.id)).toEqual([
      'home',
      'requests',
      'operatorActivity',
      'sessions',
    ]);
  });

  it('shows the activity log only to roles with audit.view (owners and admins)', () => {
    for (const role of ROLES) {
      const user = me([membership(7, role)]);
      const activity = navItems(user, user.memberships[0]!).find((i) => i.id === 'activity');
      expect(!!activity, role).toBe(role === 'owner' || role === 'admin');
      if (activity) expect(activity.to).toBe('/organizers/7/activity');
    }
  });

  it("links the team page of the organiser in use, and never another organiser's from the URL", () => {
    const user = me([membership(3, 'viewer'), membership(9, 'owner')]);
    expect(currentMembership(user, 9)?.organizer_id).toBe(9);
    expect(navItems(user, currentMembership(user, 9)).find((i) => i.id === 'team')?.to).toBe(
      '/organizers/9/team',
    );
    expect(navItems(user, currentMembership(user, 3)).some((i) => i.id === 'team')).toBe(false);
    expect(currentMembership(user, 42)).toBeNull();
  });
});
