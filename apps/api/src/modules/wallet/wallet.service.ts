import { eventPublicPath } from '@bilheteira/shared/event-link';
import type { WalletEventData, WalletTransactionView } from '@bilheteira/shared/schemas/wallet';
import { WALLET_REFUND_FEE_CENTS } from '@bilheteira/shared/constants';
import {
  refundAvailability,
  refundQuote,
  refundWindow,
  WALLET_TOPUP_MAX_CENTS,
  WALLET_TOPUP_MIN_CENTS,
  WALLET_TOPUP_PRESETS_CENTS,
  walletHeadroomCents,
  type WalletTransactionType,
} from '@bilheteira/shared/wallet';
import type { Locale } from '@bilheteira/shared/locales';
import type { Db, Tx } from '../../db/client';
import { describeTransaction } from './transaction-description';
import { audit, auditActors } from '../../lib/audit';
import { walletErrors } from './wallet.errors';
import { findLastRefund, findOpenRefund } from './refunds.repository';
import { toRefundView } from './refund-view';
import { braceletNoMatch, proofMatches, withLinkAttemptLimit, type BraceletProof } from './bracelet-proof';
import { creditWallet, debitWallet } from './wallet-ledger.service';
import {
  blockBracelet,
  braceletsOfWallet,
  findBraceletByCode,
  customerHasEventHistory,
  eventLedgerTotals,
  eventRefundTotals,
  eventWalletTotals,
  findCustomerWallet,
  findEventBySlugForWallet,
  findEventForWallet,
  findWalletById,
  getOrCreateCustomerWallet,
  listTransactions,
  lockBracelet,
  onlineBreakdown,
  setBraceletWallet,
  type TransactionCursor,
} from './wallet.repository';
import './wallet.messages';

export type WalletEvent = NonNullable<Awaited<ReturnType<typeof findEventForWallet>>>;

/**
 * The event a wallet request is about: ?event_id, else ?slug, else the Event-Id header.
 * Throws 400 `event_required` without one, 404 when it does not exist, and 422
 * `wallet_disabled` when the event has no cashless wallet. A private (link-only) event is
 * reached by its slug (its link), or by id only by `customerId` holding something of it
 * already; otherwise it answers the same 404 as an unknown id (no oracle on its ids).
 */
export async function resolveWalletEvent(
  db: Db | Tx,
  ref: { eventId?: number | null; slug?: string | null; customerId?: number },
  opts: { requireWallet?: boolean } = {},
): Promise<WalletEvent> {
  let event: WalletEvent | undefined;
  if (ref.eventId) event = await findEventForWallet(db, ref.eventId);
  else if (ref.slug) event = await findEventBySlugForWallet(db, ref.slug);
  else throw walletErrors.eventRequired();
  if (!event || event.status === 'draft') throw walletErrors.eventNotFound();
  if (
    event.visibility === 'private' &&
    eventPublicPath(event) !== ref.slug &&
    !(ref.customerId !== undefined && (await customerHasEventHistory(db, ref.customerId, event.id)))
  )
    throw walletErrors.eventNotFound();
  if (opts.requireWallet !== false && !event.walletEnabled) throw walletErrors.disabled();
  return event;
}

/** Everything the wallet screen shows for one customer and event (spec §7 wallet-event). */
export async function getWalletEvent(
  db: Db,
  customerId: number,
  event: WalletEvent,
  now: Date,
): Promise<WalletEventData> {
  const wallet = await findCustomerWallet(db, customerId, event.id);
  const [breakdown, bracelets, open, last] = wallet
    ? await Promise.all([
        onlineBreakdown(db, wallet.id),
        braceletsOfWallet(db, wallet.id),
        findOpenRefund(db, wallet.id),
        findLastRefund(db, wallet.id),
      ])
    : [{ topped_up: 0, spent: 0 }, [], undefined, undefined];
  const rules = {
    refundsAllowed: event.refundsAllowed,
    refundOpensAt: event.refundOpensAt,
    refundClosesAt: event.refundClosesAt,
    endsAt: event.endsAt,
  };
  const window = refundWindow(rules);
  const quote = refundQuote(wallet?.onlineCents ?? 0, WALLET_REFUND_FEE_CENTS);
  return {
    event: {
      id: event.id,
      slug: event.slug,
      name: event.name,
      wallet_enabled: event.walletEnabled,
      online_topup_enabled: event.onlineTopupEnabled,
      ends_at: event.endsAt.toISOString(),
    },
    wallet: {
      balance_cents: wallet?.balanceCents ?? 0,
      online_cents: wallet?.onlineCents ?? 0,
      online_topups_cents: breakdown.topped_up,
      spent_online_cents: breakdown.spent,
    },
    bracelets: bracelets.map((b) => ({
      code: b.code,
      status: b.status === 'blocked' ? 'blocked' : 'active',
      blocked_at: b.blockedAt ? b.blockedAt.toISOString() : null,
    })),
    topup: {
      min_cents: WALLET_TOPUP_MIN_CENTS,
      // no more than the wallet ceiling lets in (the same rule the order checks)
      max_cents: Math.min(WALLET_TOPUP_MAX_CENTS, walletHeadroomCents(wallet?.balanceCents ?? 0)),
      presets_cents: [...WALLET_TOPUP_PRESETS_CENTS],
    },
    refund: {
      availability: refundAvailability(rules, now),
      opens_at: window.opensAt.toISOString(),
      closes_at: window.closesAt.toISOString(),
      refundable_cents: quote.refundableCents,
      fee_cents: quote.feeCents,
      refund_cents: quote.refundCents,
      open_request: open ? toRefundView(open) : null,
      last_request: last ? toRefundView(last) : null,
    },
  };
}

const encodeCursor = (c: TransactionCursor) =>
  Buffer.from(`${c.occurredAt.toISOString()}|${c.id}`).toString('base64url');

function decodeCursor(raw: string): TransactionCursor {
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|(\d{1,10})$/.exec(text);
  const date = m ? new Date(m[1]!) : null;
  if (!m || !date || Number.isNaN(date.getTime()))
    throw walletErrors.validation({}, { fieldErrors: { cursor: ['validation.invalid'] } });
  return { occurredAt: date, id: Number(m[2]) };
}

/** The customer's wallet transactions for the event, newest first, by cursor. */
export async function listWalletTransactions(
  db: Db,
  customerId: number,
  eventId: number,
  limit: number,
  cursor: string | undefined,
  /** the reader's: system descriptions are rendered in it */
  locale: Locale,
): Promise<{ data: WalletTransactionView[]; next_cursor: string | null }> {
  const after = cursor ? decodeCursor(cursor) : undefined;
  const wallet = await findCustomerWallet(db, customerId, eventId);
  if (!wallet) return { data: [], next_cursor: null };
  const rows = await listTransactions(db, wallet.id, limit + 1, after);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: page.map(({ tx, stationName }) => ({
      id: tx.id,
      type: tx.type as WalletTransactionType,
      amount_cents: tx.amountCents,
      description: describeTransaction(tx, locale),
      station: stationName,
      invoice: tx.invoice,
      occurred_at: tx.occurredAt.toISOString(),
    })),
    next_cursor:
      rows.length > limit && last ? encodeCursor({ occurredAt: last.tx.occurredAt, id: last.tx.id }) : null,
  };
}

/**
 * Links a bracelet to the customer's wallet for the event, inside the caller's transaction,
 * once the customer proves they hold it (its printed code plus the secret printed inside or
 * the NFC UID). Money on a bracelet that was topped up at a cash point before anyone claimed
 * it moves into the customer's wallet (two transfer rows and a `bracelet.merge` audit entry
 * with the amounts). Throws 422 `bracelet_no_match` alike for an unknown code, a wrong proof
 * and a bracelet of another account (no oracle), and 422 `bracelet_blocked` to a holder.
 */
export async function linkBraceletInTx(
  tx: Tx,
  customerId: number,
  eventId: number,
  code: string,
  proof: BraceletProof,
  now: Date,
  /** who the audit names: the customer, or the support operator acting for them */
  actor = auditActors.customer(customerId),
): Promise<void> {
  const found = await findBraceletByCode(tx, code);
  const here = found && found.eventId === eventId ? found : undefined;
  if (!proofMatches(here, proof) || !here) throw braceletNoMatch();
  const bracelet = (await lockBracelet(tx, here.id))!;
  if (bracelet.status === 'blocked') throw walletErrors.braceletBlocked();
  const wallet = await getOrCreateCustomerWallet(tx, customerId, eventId);
  if (bracelet.walletId === wallet.id) return;
  const proofKind = proof.secret !== undefined ? 'secret' : 'uid';
  if (bracelet.walletId !== null) {
    const previous = (await findWalletById(tx, bracelet.walletId))!;
    if (previous.customerId !== null) throw braceletNoMatch();
    if (previous.balanceCents > 0) {
      const key = `merge:${previous.id}:${wallet.id}`;
      const out = await debitWallet(
        tx,
        {
          walletId: previous.id,
          type: 'transfer',
          amountCents: previous.balanceCents,
          source: { onlineCents: previous.onlineCents },
          idempotencyKey: `${key}:out`,
          description: { code: 'bracelet_to_account', params: { bracelet: bracelet.code } },
          braceletId: bracelet.id,
        },
        now,
      );
      if (out.applied) {
        await creditWallet(
          tx,
          {
            walletId: wallet.id,
            type: 'transfer',
            amountCents: previous.balanceCents,
            onlineCents: previous.onlineCents,
            idempotencyKey: `${key}:in`,
            description: { code: 'bracelet_balance', params: { bracelet: bracelet.code } },
            braceletId: bracelet.id,
          },
          now,
        );
        // Operators review every anonymous balance that moved into an account.
        await audit(tx, {
          actor,
          action: 'bracelet.merge',
          entity: 'bracelet',
          entityId: bracelet.id,
          data: {
            code: bracelet.code,
            fromWalletId: previous.id,
            toWalletId: wallet.id,
            amountCents: previous.balanceCents,
            onlineCents: previous.onlineCents,
            proof: proofKind,
          },
        });
      }
    }
  }
  await setBraceletWallet(tx, bracelet.id, wallet.id, now);
  await audit(tx, {
    actor,
    action: 'bracelet.link',
    entity: 'bracelet',
    entityId: bracelet.id,
    data: { walletId: wallet.id, previousWalletId: bracelet.walletId, proof: proofKind },
  });
}

/**
 * Links a bracelet with proof of possession, under the per-customer and per-IP limits on
 * attempts (429 once exhausted, whatever the proof). Throws as `linkBraceletInTx`.
 */
export async function linkBracelet(
  db: Db,
  customerId: number,
  eventId: number,
  code: string,
  proof: BraceletProof,
  ctx: { ip: string; actor?: string },
  now: Date,
) {
  await withLinkAttemptLimit(db, customerId, ctx.ip, now, () =>
    db.transaction((tx) => linkBraceletInTx(tx, customerId, eventId, code, proof, now, ctx.actor)),
  );
}

async function ownBracelet(tx: Tx, customerId: number, eventId: number, code: string) {
  const wallet = await findCustomerWallet(tx, customerId, eventId);
  const found = await findBraceletByCode(tx, code);
  // Someone else's bracelet answers exactly like an unknown one.
  if (!wallet || !found || found.walletId !== wallet.id) throw walletErrors.braceletNotFound();
  return (await lockBracelet(tx, found.id))!;
}

/** Blocks a lost bracelet of the customer: stations refuse it from now on; the balance stays in the wallet. */
export async function blockLostBracelet(
  db: Db,
  customerId: number,
  eventId: number,
  code: string,
  now: Date,
  actor = auditActors.customer(customerId),
) {
  await db.transaction(async (tx) => {
    const bracelet = await ownBracelet(tx, customerId, eventId, code);
    if (bracelet.status === 'blocked') return;
    await blockBracelet(tx, bracelet.id, now);
    await audit(tx, {
      actor,
      action: 'bracelet.block',
      entity: 'bracelet',
      entityId: bracelet.id,
    });
  });
}

/**
 * Blocks the lost bracelet and links the new one in one transaction: the wallet's balance
 * now pays through the new bracelet, the old one is refused at every station.
 */
export async function replaceBracelet(
  db: Db,
  customerId: number,
  eventId: number,
  oldCode: string,
  newCode: string,
  proof: BraceletProof,
  ctx: { ip: string; actor?: string },
  now: Date,
) {
  if (oldCode === newCode)
    throw walletErrors.validation({}, { fieldErrors: { new_code: ['wallet.same_bracelet'] } });
  await withLinkAttemptLimit(db, customerId, ctx.ip, now, () =>
    db.transaction(async (tx) => {
      const old = await ownBracelet(tx, customerId, eventId, oldCode);
      if (old.status !== 'blocked') await blockBracelet(tx, old.id, now);
      await linkBraceletInTx(tx, customerId, eventId, newCode, proof, now, ctx.actor);
      await audit(tx, {
        actor: ctx.actor ?? auditActors.customer(customerId),
        action: 'bracelet.replace',
        entity: 'bracelet',
        entityId: old.id,
        data: { newCode },
      });
    }),
  );
}

/**
 * An event's wallet figures for the back office's dashboard: its wallets now (count, money
 * held, the online part), its ledger added up per type and station, its refund requests per
 * status. Read side by side; `db` is any handle (no transaction needed).
 */
export async function eventWalletFigures(db: Db | Tx, eventId: number) {
  const [wallets, ledger, refunds] = await Promise.all([
    eventWalletTotals(db, eventId),
    eventLedgerTotals(db, eventId),
    eventRefundTotals(db, eventId),
  ]);
  return { wallets, ledger, refunds };
}
