/**
 * A platform operator decides organiser requests: approval creates the organiser (NIF and
 * IBAN checked) and invites the requester as its owner; rejection tells them why. Each
 * request is decided once (locked while deciding).
 */
import { normalizeLocale } from '@bilheteira/shared/locales';
import type { Db } from '../../db/client';
import { translate } from '../../i18n/messages';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { enqueueMessage } from '../../lib/outbox';
import { createInvitation, staffActor } from '../staff/staff.service';
import { organizerRequestErrors } from './organizer-requests.errors';
import {
  decideRequest,
  existsRequest,
  insertOrganizer,
  countOrganizerRequests,
  listOrganizerRequests,
  lockPendingRequest,
  organizerSlugsLike,
  type OrganizerRequestRow,
  type RequestStatus,
} from './organizer-requests.repository';

const PAGE_SIZE = 50;

/** A page of requests of one status, newest first, as the operator's queue shows them, and how many there are. */
export async function organizerRequestQueue(db: Db, status: RequestStatus, page: number) {
  const [rows, total] = await Promise.all([
    listOrganizerRequests(db, status, PAGE_SIZE, (page - 1) * PAGE_SIZE),
    countOrganizerRequests(db, status),
  ]);
  const meta = { page, per_page: PAGE_SIZE, total, last_page: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
  const data = rows.map((r) => ({
    id: r.id,
    first_name: r.firstName,
    last_name: r.lastName,
    name_company: r.nameCompany,
    email: r.email,
    mobile: r.mobile,
    description: r.description,
    status: r.status as RequestStatus,
    decision_reason: r.decisionReason,
    organizer_id: r.organizerId,
    created_at: r.createdAt.toISOString(),
  }));
  return { data, meta };
}

/** "Fado & Cª, Lda." → "fado-c-lda" */
export const slugify = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'organizador';

async function lockPending(
  db: Parameters<typeof lockPendingRequest>[0],
  id: number,
): Promise<OrganizerRequestRow> {
  const request = await lockPendingRequest(db, id);
  if (request) return request;
  if (await existsRequest(db, id)) throw organizerRequestErrors.decided();
  throw notFound();
}

export async function approveOrganizerRequest(
  db: Db,
  input: { requestId: number; nif: string; iban: string; operatorId: number; backofficeUrl: string },
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const request = await lockPending(tx, input.requestId);
    const base = slugify(request.nameCompany);
    const taken = new Set(await organizerSlugsLike(tx, base));
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    const organizerId = await insertOrganizer(tx, {
      slug,
      name: request.nameCompany,
      email: request.email,
      nif: input.nif,
      iban: input.iban,
    });
    await decideRequest(tx, request.id, {
      status: 'approved',
      decidedBy: input.operatorId,
      decidedAt: now,
      decisionReason: null,
      organizerId,
    });
    const actor = { platform: staffActor(input.operatorId) };
    await createInvitation(
      tx,
      {
        organizerId,
        email: request.email.toLowerCase(),
        role: 'owner',
        actor,
        backofficeUrl: input.backofficeUrl,
        locale: normalizeLocale(request.lang),
      },
      now,
    );
    await audit(tx, {
      actor: actor.platform,
      action: 'organizer_request.approved',
      entity: 'organizer_request',
      entityId: request.id,
      data: { organizer: organizerId, slug },
      organizerId,
    });
    return organizerId;
  });
}

export async function rejectOrganizerRequest(
  db: Db,
  input: { requestId: number; reason: string; operatorId: number },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const request = await lockPending(tx, input.requestId);
    await decideRequest(tx, request.id, {
      status: 'rejected',
      decidedBy: input.operatorId,
      decidedAt: now,
      decisionReason: input.reason,
      organizerId: null,
    });
    const locale = normalizeLocale(request.lang);
    await enqueueMessage(tx, {
      channel: 'email',
      recipient: request.email,
      subject: translate(locale, 'staff.request_rejected_subject'),
      body: translate(locale, 'staff.request_rejected_body', {
        company: request.nameCompany,
        reason: input.reason,
      }),
    });
    await audit(tx, {
      actor: staffActor(input.operatorId),
      action: 'organizer_request.rejected',
      entity: 'organizer_request',
      entityId: request.id,
      data: { reason: input.reason },
    });
  });
}
