/**
 * The organiser's events in the back office (issue 26 item 3): list, read, create (a draft),
 * edit, duplicate, preview, publish (listed, or private behind a random link) and unpublish.
 * The demo seed creates its events through these same functions: one way to create an event.
 * Every change is audited with the acting staff user, in the same transaction.
 */
import type { Locale } from '@bilheteira/shared/locales';
import { DEFAULT_SERVICE_FEE_VAT_PERCENT } from '@bilheteira/shared/vat';
import {
  eventFieldIssues,
  type AdminEventListQuery,
  type EventFields,
  type CreateEventBody,
  type UpdateEventBody,
} from '@bilheteira/shared/schemas/backoffice-events';
import { randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { validationFailed } from '../../lib/errors';
import { translate } from '../../i18n/messages';
import { eventAdminErrors } from './events.admin.errors';
import {
  copyEventParts,
  findEventParts,
  findOrganizerEvent,
  insertEvent,
  listOrganizerEvents,
  publishDraft,
  slugExists,
  slugsLike,
  unpublishEvent as unpublishRow,
  updateEventRow,
  type AdminEventRow,
} from './events.admin.repository';
import { adminEventView, adminSummary, eventFieldsOf, eventRowValues } from './events.admin.views';
import { findOrganizerById } from './events.repository';
import { eventDetailOf, withEventImages } from './events.service';
import { retimeSessions } from './ticket-types.admin.service';

/** Who acts: an audit actor string (`staff:<id>` from the back office, `seed:demo` for the seed). */
export type EventActor = string;

/** Values of a new event the body leaves out. */
const NEW_EVENT_DEFAULTS: Omit<
  EventFields,
  'slug' | 'name' | 'address' | 'contact_email' | 'starts_at' | 'ends_at'
> = {
  information: '',
  terms: '',
  translations: {},
  venue_name: '',
  city: '',
  latitude: null,
  longitude: null,
  timezone: 'Europe/Lisbon',
  is_session: false,
  sales_start_at: null,
  service_fee_bp: 0,
  service_fee_vat_percent: DEFAULT_SERVICE_FEE_VAT_PERCENT,
  last_tickets_at: 50,
  refunds_allowed: false,
  refund_opens_at: null,
  refund_closes_at: null,
  wallet_enabled: false,
  wallet_opens_at: null,
  wallet_offline_window_minutes: 1440,
  online_topup_enabled: false,
  transfer_allowed: true,
  transfer_until_hours: null,
  transfer_max_count: null,
  embed_origins: [],
  promoters: [],
  partners: [],
};

/** A slug from a name: "Festival de Verão 2026" → "festival-de-verao-2026". */
export function slugify(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return base.length >= 3 ? base : `evento-${base}`.replace(/-+$/g, '') || 'evento';
}

/** `base`, else `base-2`, `base-3`… whichever is free. */
async function freeSlug(db: DbOrTx, base: string): Promise<string> {
  const taken = new Set(await slugsLike(db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A private event's link: 160 random bits in lower-case hex (fits every /events and /site path). */
export const newLinkToken = (): string => randomBytes(20).toString('hex');

/**
 * The organiser's event or 404 (another organiser's id reads exactly like an unknown one); the
 * modules that hang off an event (bar, dashboard) find it here too.
 */
export async function ownEvent(db: DbOrTx, organizerId: number, eventId: number, lock = false) {
  const event = await findOrganizerEvent(db, organizerId, eventId, lock);
  if (!event) throw eventAdminErrors.notFound();
  return event;
}

async function viewOf(db: DbOrTx, event: AdminEventRow) {
  return adminEventView(event, await findEventParts(db, [event.id]));
}

const fieldIssuesError = (issues: { path: string; message: string }[]) =>
  validationFailed(Object.fromEntries(issues.map((i) => [i.path, [i.message]])));

export async function listAdminEvents(db: DbOrTx, organizerId: number, q: AdminEventListQuery) {
  const { rows, total } = await listOrganizerEvents(db, organizerId, {
    search: q.search,
    status: q.status,
    sort: q.sort,
    dir: q.dir,
    page: q.page,
    perPage: q.per_page,
  });
  return {
    data: rows.map((r) => adminSummary(r.event, r)),
    meta: {
      page: q.page,
      per_page: q.per_page,
      total,
      last_page: Math.max(1, Math.ceil(total / q.per_page)),
    },
  };
}

export async function getAdminEvent(db: DbOrTx, organizerId: number, eventId: number) {
  return viewOf(db, await ownEvent(db, organizerId, eventId));
}

/** Creates a draft. A slug given and taken is a 409; without one, a free one is made from the name. */
export async function createEvent(
  db: Db | DbOrTx,
  organizerId: number,
  body: CreateEventBody,
  actor: EventActor,
  now: Date,
) {
  try {
    return await db.transaction(async (tx) => {
      let slug = body.slug;
      if (slug && (await slugExists(tx, slug))) throw eventAdminErrors.slugTaken();
      slug ??= await freeSlug(tx, slugify(body.name));
      const values = eventRowValues({ ...NEW_EVENT_DEFAULTS, ...body, slug });
      const event = await insertEvent(tx, {
        ...values,
        organizerId,
        slug,
        name: body.name,
        address: body.address,
        contactEmail: body.contact_email,
        startsAt: new Date(body.starts_at),
        endsAt: new Date(body.ends_at),
        status: 'draft',
        visibility: 'public',
        publishedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await audit(tx, {
        actor,
        action: 'event.created',
        entity: 'event',
        entityId: event.id,
        data: { slug },
      });
      return viewOf(tx, event);
    });
  } catch (err) {
    // two creations of one slug at once: the database's unique index decides
    if (isUniqueViolation(err)) throw eventAdminErrors.slugTaken();
    throw err;
  }
}

/** Changes the fields sent; the cross-field rules are checked again on the merged event. */
export async function updateEvent(
  db: Db,
  organizerId: number,
  eventId: number,
  body: UpdateEventBody,
  actor: EventActor,
  now: Date,
) {
  try {
    return await db.transaction(async (tx) => {
      const event = await ownEvent(tx, organizerId, eventId, true);
      if (event.status === 'cancelled') throw eventAdminErrors.cancelled();
      const issues = eventFieldIssues({ ...eventFieldsOf(event), ...body });
      if (issues.length) throw fieldIssuesError(issues);
      if (body.is_session !== undefined && body.is_session !== event.isSession) {
        const { types } = await findEventParts(tx, [event.id]);
        if (types.some((x) => x.sold + x.reserved > 0)) throw eventAdminErrors.hasSales();
      }
      if (body.slug !== undefined && body.slug !== event.slug) {
        // a published event's address is in people's hands: it keeps it
        if (event.status !== 'draft') throw validationFailed({ slug: ['backoffice_events.slug_locked'] });
        if (await slugExists(tx, body.slug)) throw eventAdminErrors.slugTaken();
      }
      const updated = await updateEventRow(tx, event.id, eventRowValues(body), now);
      if (body.timezone && body.timezone !== event.timezone)
        await retimeSessions(tx, event.id, body.timezone);
      await audit(tx, {
        actor,
        action: 'event.updated',
        entity: 'event',
        entityId: event.id,
        data: { fields: Object.keys(body) },
      });
      return viewOf(tx, updated);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw eventAdminErrors.slugTaken();
    throw err;
  }
}

/** A draft copy with a new slug, the same ticket types, sessions and days, nothing sold. */
export async function duplicateEvent(
  db: Db,
  organizerId: number,
  eventId: number,
  actor: EventActor,
  locale: Locale,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const source = await ownEvent(tx, organizerId, eventId);
    const slug = await freeSlug(tx, `${source.slug.slice(0, 70)}-copia`);
    const { id: _id, linkToken: _link, status: _status, visibility: _visibility, ...fields } = source;
    const copy = await insertEvent(tx, {
      ...fields,
      slug,
      name: `${source.name} ${translate(locale, 'backoffice_events.copy_suffix')}`.slice(0, 200),
      status: 'draft',
      visibility: 'public',
      linkToken: null,
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await copyEventParts(tx, source.id, copy.id);
    await audit(tx, {
      actor,
      action: 'event.duplicated',
      entity: 'event',
      entityId: copy.id,
      data: { from: source.id, slug },
    });
    return viewOf(tx, copy);
  });
}

/** The public page of the event as a visitor would see it once published (drafts too). */
export async function previewEvent(
  db: DbOrTx,
  organizerId: number,
  eventId: number,
  locale: Locale,
  now: Date,
) {
  const event = await ownEvent(db, organizerId, eventId);
  const organizer = await findOrganizerById(db, organizerId);
  if (!organizer) throw eventAdminErrors.notFound();
  const { types, sessions } = await findEventParts(db, [event.id]);
  // with its uploaded image, as the public page will show it
  const [detail] = await withEventImages(db, [
    eventDetailOf({ event, organizer, types, sessions }, now, locale),
  ]);
  return detail!;
}

/**
 * draft → published, listed or private. A private event gets a random link token the first
 * time (kept across unpublish/publish, so a shared link keeps working). Of concurrent publishes
 * exactly one changes the event; the others answer 409 `event_not_draft`. `linkToken` is for
 * the demo seed only (a fixed link documented in the README); the API always draws one.
 */
export async function publishEvent(
  db: Db | DbOrTx,
  organizerId: number,
  eventId: number,
  input: { visibility: 'public' | 'private'; linkToken?: string },
  actor: EventActor,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const event = await ownEvent(tx, organizerId, eventId);
    if (event.status !== 'draft') throw eventAdminErrors.notDraft();
    const { types, sessions } = await findEventParts(tx, [event.id]);
    if (!types.length || (event.isSession && !sessions.length)) throw eventAdminErrors.incomplete();
    const linkToken = input.visibility === 'private' ? (input.linkToken ?? newLinkToken()) : null;
    const published = await publishDraft(tx, organizerId, event.id, {
      visibility: input.visibility,
      linkToken,
      now,
    });
    if (!published) throw eventAdminErrors.notDraft();
    await audit(tx, {
      actor,
      action: 'event.published',
      entity: 'event',
      entityId: event.id,
      data: { visibility: input.visibility },
    });
    return viewOf(tx, published);
  });
}

/** published → draft: off the catalogue and not on sale; tickets already sold stay valid. */
export async function unpublishEvent(
  db: Db,
  organizerId: number,
  eventId: number,
  actor: EventActor,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const event = await ownEvent(tx, organizerId, eventId);
    if (event.status === 'cancelled') throw eventAdminErrors.cancelled();
    const done = await unpublishRow(tx, organizerId, event.id, now);
    if (!done) throw eventAdminErrors.notPublished();
    await audit(tx, { actor, action: 'event.unpublished', entity: 'event', entityId: event.id });
    return viewOf(tx, done);
  });
}
