/**
 * Back-office permissions and the role presets of an organiser's team (pretix-style teams):
 * a member holds one preset per organiser, and a preset is a set of permission flags. The API's
 * authorisation plugin checks these flags on every back-office route; the back office shows
 * or hides actions by the same flags.
 */
export const PERMISSIONS = [
  /** organiser profile, IBAN, embed origins */
  'organizer.settings',
  /** invite, remove and change the role of team members */
  'team.manage',
  'events.view',
  /** create and edit events, ticket types, prices and codes */
  'events.edit',
  /** publish, unpublish, postpone, cancel */
  'events.publish',
  'orders.view',
  /** cancel and refund orders, answer refund requests */
  'orders.refund',
  /** sales figures, payouts, exports */
  'finance.view',
  /** door lists and devices */
  'door.manage',
  /** scan at the door */
  'door.scan',
  /** stations, products, bracelets */
  'bar.manage',
  /** sell and top up at a till */
  'bar.sell',
  /** the activity log: who did what in the organiser's back office, when and from which session */
  'audit.view',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL: readonly Permission[] = PERMISSIONS;

export const ROLE_PRESETS = {
  owner: ALL,
  admin: ALL,
  event_manager: ['events.view', 'events.edit', 'events.publish', 'orders.view', 'door.manage', 'bar.manage'],
  finance: ['events.view', 'orders.view', 'orders.refund', 'finance.view'],
  door_supervisor: ['events.view', 'orders.view', 'door.manage', 'door.scan'],
  door_staff: ['door.scan'],
  bar_manager: ['events.view', 'bar.manage', 'bar.sell'],
  bar_staff: ['bar.sell'],
  viewer: ['events.view', 'orders.view'],
} as const satisfies Record<string, readonly Permission[]>;

export type Role = keyof typeof ROLE_PRESETS;
export const ROLES = Object.keys(ROLE_PRESETS) as Role[];

/** Roles whose holders must sign in with a second factor (money and the team). */
export const SECOND_FACTOR_ROLES: readonly Role[] = ['owner', 'admin', 'finance'];

export const isRole = (value: string): value is Role => (ROLES as string[]).includes(value);

export const roleHas = (role: Role, permission: Permission): boolean =>
  (ROLE_PRESETS[role] as readonly Permission[]).includes(permission);

export const permissionsOf = (role: Role): Permission[] => [...ROLE_PRESETS[role]];

/** Only an owner makes or unmakes owners: an admin manages every other role. */
export const mayAssignRole = (actor: Role, role: Role): boolean =>
  roleHas(actor, 'team.manage') && (role !== 'owner' || actor === 'owner');
