/**
 * A bracelet of an event in the back office's bar step (issue 27 item 5): found by its NFC UID
 * or printed code, its status, holder's first name and balance, its wallet's ledger (newest
 * first, keyset-paged, with the balance after each row), blocked or unblocked by the team.
 * Another organiser's event, or a bracelet of another event, is 404. Audited.
 */
import type { Locale } from '@bilheteira/shared/locales';
import {
  BRACELET_HISTORY_PAGE,
  type BraceletDetailView,
  type BraceletHistoryResponse,
} from '@bilheteira/shared/schemas/backoffice-bar-products';
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { validationFailed } from '../../lib/errors';
import { ownEvent } from '../events/events.admin.service';
import { describeTransaction } from './transaction-description';
import { setBraceletBlocked, walletLedgerPage } from './bracelets.admin.repository';
import { braceletWalletView } from './station-wallet.service';
import { walletErrors } from './wallet.errors';
import { findBraceletByUidOrCode, lockBracelet, type BraceletRow } from './wallet.repository';

interface EventRef {
  organizerId: number;
  eventId: number;
}

async function eventBracelet(
  db: DbOrTx,
  ref: EventRef,
  find: (eventId: number) => Promise<BraceletRow | undefined>,
) {
  const event = await ownEvent(db, ref.organizerId, ref.eventId);
  const bracelet = await find(event.id);
  if (!bracelet) throw walletErrors.braceletNotFound();
  return bracelet;
}

async function detail(db: DbOrTx, bracelet: BraceletRow): Promise<BraceletDetailView> {
  const { wallet, holderFirstName } = await braceletWalletView(db, bracelet);
  return {
    id: bracelet.id,
    uid: bracelet.uid,
    code: bracelet.code,
    status: bracelet.status === 'blocked' ? 'blocked' : 'active',
    blocked_at: bracelet.blockedAt?.toISOString() ?? null,
    linked: !!wallet?.customerId,
    holder_first_name: holderFirstName,
    balance_cents: wallet?.balanceCents ?? 0,
  };
}

/** The event's bracelet with this NFC UID or printed code. Throws 404 `bracelet_not_found`, 400 without one. */
export async function findEventBraceletDetail(db: Db, ref: EventRef, uidOrCode: string | undefined) {
  const bracelet = await eventBracelet(db, ref, (eventId) => {
    if (!uidOrCode) throw validationFailed({ ref: ['validation.required'] });
    return findBraceletByUidOrCode(db, eventId, uidOrCode);
  });
  return detail(db, bracelet);
}

const braceletOfEvent = (db: DbOrTx, eventId: number, braceletId: number) =>
  lockBracelet(db, braceletId).then((b) => (b && b.eventId === eventId ? b : undefined));

/** A page of the bracelet's wallet ledger, newest first (none while no money was ever loaded on it). */
export async function braceletHistory(
  db: Db,
  ref: EventRef,
  braceletId: number,
  before: { at: Date; id: number } | undefined,
  locale: Locale,
): Promise<BraceletHistoryResponse> {
  return db.transaction(async (tx) => {
    const bracelet = await eventBracelet(tx, ref, (eventId) => braceletOfEvent(tx, eventId, braceletId));
    if (bracelet.walletId === null) return { data: [], meta: { next: null } };
    const rows = await walletLedgerPage(tx, bracelet.walletId, BRACELET_HISTORY_PAGE + 1, before);
    const page = rows.slice(0, BRACELET_HISTORY_PAGE);
    const last = page.at(-1);
    return {
      data: page.map((r) => ({
        id: r.id,
        occurred_at: r.occurredAt.toISOString(),
        type: r.type,
        station: r.station,
        description: describeTransaction(r, locale),
        amount_cents: r.amountCents,
        balance_after_cents: r.balanceAfterCents,
      })),
      meta: {
        next:
          rows.length > BRACELET_HISTORY_PAGE && last
            ? { before_at: last.occurredAt.toISOString(), before_id: last.id }
            : null,
      },
    };
  });
}

/**
 * Blocks the bracelet (tills refuse it for anything after now; the blocklist changes) or makes
 * it active again. The balance stays in its wallet either way.
 */
export async function setEventBraceletBlocked(
  db: Db,
  ref: EventRef,
  braceletId: number,
  blocked: boolean,
  actor: string,
  now: Date,
): Promise<BraceletDetailView> {
  return db.transaction(async (tx) => {
    const bracelet = await eventBracelet(tx, ref, (eventId) => braceletOfEvent(tx, eventId, braceletId));
    if ((bracelet.status === 'blocked') !== blocked) {
      await setBraceletBlocked(tx, bracelet.id, blocked, now);
      await audit(tx, {
        actor,
        action: blocked ? 'bracelet.block' : 'bracelet.unblock',
        entity: 'bracelet',
        entityId: bracelet.id,
      });
    }
    return detail(tx, (await lockBracelet(tx, bracelet.id))!);
  });
}
