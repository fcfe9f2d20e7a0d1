/**
 * The activity log (issue 27 item 9): who did what in the back office, when, from which
 * session, newest first. Owners and admins read their organiser's entries (`audit.view`);
 * platform operators read every entry, support impersonation included, and filter by
 * organiser. Pages are keyset: `before` is the last id of the previous page.
 */
import { z } from 'zod';
import { idParam } from './common';

export const ACTIVITY_PAGE_SIZE = 50;

const optionalId = idParam.optional();
const instant = z.iso.datetime({ offset: true, message: 'validation.invalid' }).optional();

export const activityQuery = z.object({
  /** an actor as audited: `staff:<user id>`, `support:<operator>`, `customer:<id>`… */
  actor: z
    .string()
    .trim()
    .max(120, { message: 'validation.too_big' })
    .regex(/^[\w.@+:-]+$/, { message: 'validation.invalid' })
    .optional(),
  /** an action code (`door_device.create`) or its family (`door_device`) */
  action: z
    .string()
    .trim()
    .max(80, { message: 'validation.too_big' })
    .regex(/^[a-z_]+(\.[a-z_]+)*$/, { message: 'validation.invalid' })
    .optional(),
  event_id: optionalId,
  /** from this instant on (inclusive) */
  from: instant,
  /** before this instant */
  to: instant,
  /** entries older than this id (the previous page's last) */
  before: optionalId,
});
export type ActivityQuery = z.output<typeof activityQuery>;

/** The platform operators' log: every organiser's entries, or one's. */
export const operatorActivityQuery = activityQuery.extend({ organizer_id: optionalId });
export type OperatorActivityQuery = z.output<typeof operatorActivityQuery>;

export const ACTIVITY_ACTOR_KINDS = ['staff', 'support', 'ops', 'customer', 'provider', 'system'] as const;

export const activityEntry = z.object({
  id: z.number(),
  at: z.string(),
  /** machine-readable code: `door_device.create`; the back office words the ones it knows */
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  actor: z.object({
    kind: z.enum(ACTIVITY_ACTOR_KINDS),
    /** the actor string as audited, for the actor filter */
    code: z.string(),
    /** staff: the user's name; support: the operator; ops: the command's operator */
    name: z.string().nullable(),
    email: z.string().nullable(),
    /** a Bilheteira platform operator (staff) */
    platform: z.boolean(),
    /** support acting in this customer's session (impersonation) */
    customer_id: z.number().nullable(),
  }),
  event: z.object({ id: z.number(), name: z.string() }).nullable(),
  organizer: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** the back-office session that acted: its browser and IP as recorded at sign-in */
  session: z.object({ id: z.number(), ip: z.string(), user_agent: z.string() }).nullable(),
  /** the entry's details as recorded (names, ids, reasons) */
  data: z.record(z.string(), z.unknown()),
});
export type ActivityEntry = z.output<typeof activityEntry>;

export const activityResponse = z.object({
  data: z.array(activityEntry),
  meta: z.object({ per_page: z.number(), next_before: z.number().nullable() }),
});
export type ActivityResponse = z.output<typeof activityResponse>;

/** The organiser's team, for the actor filter. */
export const activityActorsResponse = z.object({
  data: z.array(z.object({ code: z.string(), name: z.string(), email: z.string() })),
});
export type ActivityActors = z.output<typeof activityActorsResponse>['data'];

/** Every organiser, for the operators' organiser filter. */
export const activityOrganizersResponse = z.object({
  data: z.array(z.object({ id: z.number(), name: z.string() })),
});
