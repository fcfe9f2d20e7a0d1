import { describe, expect, it } from 'vitest';
import { mayAssignRole, roleHas, ROLES, SECOND_FACTOR_ROLES } from './backoffice-roles';

describe('back-office role presets', () => {
  it('door staff scan but cannot change prices; finance refunds but cannot edit events', () => {
    expect(roleHas('door_staff', 'door.scan')).toBe(true);
    expect(roleHas('door_staff', 'events.edit')).toBe(false);
    expect(roleHas('finance', 'orders.refund')).toBe(true);
    expect(roleHas('finance', 'events.edit')).toBe(false);
    expect(roleHas('viewer', 'team.manage')).toBe(false);
  });

  it('only an owner gives the owner role; an admin gives every other; others give none', () => {
    expect(mayAssignRole('owner', 'owner')).toBe(true);
    expect(mayAssignRole('admin', 'owner')).toBe(false);
    expect(ROLES.filter((r) => r !== 'owner').every((r) => mayAssignRole('admin', r))).toBe(true);
    expect(ROLES.some((r) => mayAssignRole('event_manager', r))).toBe(false);
  });

  it('owners, admins and finance need a second factor', () => {
    expect([...SECOND_FACTOR_ROLES].sort()).toEqual(['admin', 'finance', 'owner']);
  });
});
