import type { Locale } from '@bilheteira/shared/locales';
import type { ForgetPreview, PortabilityFormat, PortableResponse } from '@bilheteira/shared/schemas/account';
import { refundAvailability, refundQuote, type RefundRules } from '@bilheteira/shared/wallet';
import type { Db } from '../../db/client';
import { translate } from '../../i18n/messages';
import { audit, auditActors } from '../../lib/audit';
import { randomToken, sha256 } from '../../lib/crypto';
import { notFound } from '../../lib/errors';
import { gdprErrors } from './gdpr.errors';
import { enqueueMessage } from '../../lib/outbox';
import { hitLimit } from '../../lib/rate-limit';
import { actorName, assertNotImpersonated, type Actor } from '../account/account-actor';
import {
  findCustomer,
  findLiveCode,
  insertCode,
  markCodeUsed,
  retireCodes,
} from '../account/account.service';
import {
  erasurePreview,
  exportConsentLog,
  exportMessages,
  exportOrders,
  exportRefunds,
  exportTickets,
  exportWallets,
  lockCustomerRow,
} from './gdpr.repository';
import { runErasurePlan } from './erasure.repository';
import { describeTransaction } from '../wallet/transaction-description';
import { toXml, type ExportValue } from './export-format';
import './gdpr.messages';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
/** JSON columns hold arbitrary values; round-trip them to plain JSON for the export. */
const plain = (v: unknown): ExportValue => JSON.parse(JSON.stringify(v ?? null)) as ExportValue;

/**
 * Everything the customer gave us and everything we hold about them (GDPR art. 15 and
 * 20): profile, consents, orders with lines, tickets, wallets with every movement,
 * refunds and messages. Read-only.
 */
export async function buildExport(
  db: Db,
  customerId: number,
  now: Date,
  /** the reader's: the wallet's system descriptions are written in it */
  locale: Locale = 'pt-pt',
): Promise<{ [key: string]: ExportValue }> {
  const c = await findCustomer(db, customerId);
  if (!c) throw notFound();
  const [orders, tickets, wallets, refunds, messages, consents] = await Promise.all([
    exportOrders(db, customerId),
    exportTickets(db, customerId),
    exportWallets(db, customerId),
    exportRefunds(db, customerId),
    exportMessages(db, customerId),
    exportConsentLog(db, customerId),
  ]);
  return {
    exported_at: now.toISOString(),
    controller: 'Bilheteira',
    customer: {
      id: c.id,
      first_name: c.firstName,
      last_name: c.lastName,
      email: c.email,
      pending_email: c.pendingEmail,
      mobile: c.mobile,
      mobile_country_code: c.mobileCountryCode,
      birthday: c.birthday,
      gender: c.gender,
      name_billing: c.nameBilling,
      document_billing: c.documentBilling,
      postal_code: c.postalCode,
      iban: c.iban,
      marketing_consent: c.marketingConsent,
      invoice_by_email: c.invoiceByEmail,
      locale: c.locale,
      status: c.status,
      mobile_verified_at: iso(c.mobileVerifiedAt),
      email_verified_at: iso(c.emailVerifiedAt),
      created_at: iso(c.createdAt),
      updated_at: iso(c.updatedAt),
    },
    consents: consents.map((e) => ({
      ...(plain(e.data) as { [key: string]: ExportValue }),
      logged_at: iso(e.createdAt),
    })),
    orders: orders.map(({ order: o, eventName, eventSlug, lines }) => ({
      reference: o.reference,
      event: eventName,
      event_slug: eventSlug,
      status: o.status,
      subtotal_cents: o.subtotalCents,
      service_cents: o.serviceCents,
      total_cents: o.totalCents,
      currency: 'EUR',
      billing: plain(o.billing),
      receipt_email: o.receiptEmail,
      created_at: iso(o.createdAt),
      paid_at: iso(o.paidAt),
      lines: lines.map((l) => ({
        kind: l.kind,
        description: l.description,
        qty: l.qty,
        unit_cents: l.unitCents,
      })),
    })),
    tickets: tickets.map((t) => ({
      id: t.ticket.id,
      token: t.ticket.token,
      event: t.eventName,
      event_slug: t.eventSlug,
      ticket: t.typeName,
      session_date: t.sessionDate,
      session_hour: t.sessionHour,
      state: t.ticket.state,
      created_at: iso(t.ticket.createdAt),
    })),
    wallets: wallets.map(({ wallet: w, eventName, eventSlug, transactions }) => ({
      event: eventName,
      event_slug: eventSlug,
      balance_cents: w.balanceCents,
      created_at: iso(w.createdAt),
      transactions: transactions.map(({ tx, stationName }) => ({
        type: tx.type,
        amount_cents: tx.amountCents,
        description: describeTransaction(tx, locale),
        station: stationName,
        invoice: tx.invoice,
        occurred_at: iso(tx.occurredAt),
      })),
    })),
    refund_requests: refunds.map((r) => ({
      amount_cents: r.amountCents,
      fee_cents: r.feeCents,
      iban: r.iban,
      holder_name: r.holderName,
      status: r.status,
      created_at: iso(r.createdAt),
      paid_at: iso(r.paidAt),
    })),
    messages: messages.map((m) => ({
      kind: m.message.kind,
      event: m.eventName,
      message: m.message.message,
      created_at: iso(m.message.createdAt),
    })),
  };
}

const PORTABLE_LIMIT = { max: 10, windowSeconds: 3600 };

/**
 * Data portability (spec §7 POST /customers/portable): the export as XML and JSON with the
 * file name for the chosen format. Refused (403) in an impersonated session; 429 when
 * asked too often.
 */
export async function exportMyData(
  db: Db,
  actor: Actor,
  input: { format: PortabilityFormat; locale: Locale },
  now: Date,
): Promise<PortableResponse> {
  assertNotImpersonated(actor);
  await hitLimit(db, { key: `portable:customer:${actor.customer.id}`, ...PORTABLE_LIMIT }, now);
  const data = await buildExport(db, actor.customer.id, now, input.locale);
  await audit(db, {
    actor: actorName(actor),
    action: 'customer.data_exported',
    entity: 'customer',
    entityId: actor.customer.id,
    data: { format: input.format },
  });
  const stamp = now.toISOString().slice(0, 10);
  return {
    success: true,
    format: input.format,
    filename: `bilheteira-dados-${actor.customer.id}-${stamp}.${input.format}`,
    xml: toXml('customer_data', data),
    json: JSON.stringify(data, null, 2),
    message: { text: translate(input.locale, 'gdpr.portable.ready') },
  };
}

/* ───────────────────────── erasure ───────────────────────── */

export const FORGET_LINK_TTL_MS = 24 * 3600_000;
const FORGET_LIMIT = { max: 3, windowSeconds: 3600 };

/**
 * Which part of the balance a refund can still bring back (issue 25 item 16): online top-ups
 * minus the fee, now (window open) or later (window not open yet); the rest (topped up at the
 * event, or an event without refunds or past its deadline) is lost on erasure.
 */
function refundableBalance(
  wallets: Array<RefundRules & { onlineCents: number }>,
  now: Date,
): Pick<ForgetPreview, 'wallet_refundable_now_cents' | 'wallet_refundable_later_cents'> {
  let nowCents = 0;
  let laterCents = 0;
  for (const w of wallets) {
    const cents = refundQuote(w.onlineCents).refundCents;
    const availability = refundAvailability(w, now);
    if (availability === 'allowed') nowCents += cents;
    else if (availability === 'not_yet_available') laterCents += cents;
  }
  return { wallet_refundable_now_cents: nowCents, wallet_refundable_later_cents: laterCents };
}

export async function previewErasure(db: Db, customerId: number, now: Date): Promise<ForgetPreview> {
  const p = await erasurePreview(db, customerId, now);
  return {
    future_tickets: p.futureTickets,
    wallet_balance_cents: p.walletBalanceCents,
    ...refundableBalance(p.wallets, now),
    open_refunds: p.openRefunds,
    pending_request: p.pendingRequest,
  };
}

const maskEmail = (e: string) => e.replace(/^(.)[^@]*(@.*)$/, '$1•••$2');
const maskMobile = (m: string) => `${m.slice(0, 4)} ••• ${m.slice(-3)}`;

/**
 * Step 1 of erasure: sends a confirmation link by email (or SMS when the account has no
 * email). Throws 403 under impersonation, 409 while a wallet refund is open, 429 when
 * asked too often.
 */
export async function requestErasure(
  db: Db,
  actor: Actor,
  input: { locale: Locale; publicUrl: string },
  now: Date,
): Promise<{ target: string }> {
  assertNotImpersonated(actor);
  const c = actor.customer;
  await hitLimit(db, { key: `forget:customer:${c.id}`, ...FORGET_LIMIT }, now);
  const preview = await erasurePreview(db, c.id, now);
  if (preview.openRefunds > 0) throw gdprErrors.refundOpen();
  const target = c.email ?? c.mobile;
  if (!target) throw gdprErrors.noContact();
  const token = randomToken(32);
  const link = `${input.publicUrl.replace(/\/$/, '')}/dashboard/account/forget?token=${token}`;
  const name = `${c.firstName} ${c.lastName}`.trim();
  await db.transaction(async (tx) => {
    await retireCodes(tx, c.id, 'forget_data', now);
    await insertCode(tx, {
      customerId: c.id,
      target,
      purpose: 'forget_data',
      codeHash: sha256(token),
      expiresAt: new Date(now.getTime() + FORGET_LINK_TTL_MS),
    });
    await enqueueMessage(
      tx,
      c.email
        ? {
            channel: 'email',
            recipient: c.email,
            customerId: c.id,
            subject: translate(input.locale, 'gdpr.forget.email_subject'),
            body: translate(input.locale, 'gdpr.forget.email_body', { name, link }),
            meta: { link, purpose: 'forget_data', customer_id: String(c.id) },
          }
        : {
            channel: 'sms',
            recipient: target,
            customerId: c.id,
            body: translate(input.locale, 'gdpr.forget.sms_body', { link }),
            meta: { link, purpose: 'forget_data', customer_id: String(c.id) },
          },
    );
    await audit(tx, {
      actor: actorName(actor),
      action: 'customer.erasure_requested',
      entity: 'customer',
      entityId: c.id,
    });
  });
  return { target: c.email ? maskEmail(c.email) : maskMobile(target) };
}

/**
 * Step 2: the emailed link, opened in the customer's own session, erases the person in one
 * transaction, touching exactly the tables and columns ERASURE_PLAN lists: future tickets
 * cancelled (tokens revoked), sessions, codes, carts, messages and queued messages deleted,
 * financial rows kept but pseudonymised, the customer row emptied. Throws 403 under
 * impersonation and 400 for an unknown or expired link.
 */
export async function confirmErasure(
  db: Db,
  actor: Actor,
  token: string,
  now: Date,
): Promise<{ cancelledTickets: number }> {
  assertNotImpersonated(actor);
  const customerId = actor.customer.id;
  return db.transaction(async (tx) => {
    const code = await findLiveCode(tx, {
      customerId,
      purpose: 'forget_data',
      codeHash: sha256(token),
      now,
    });
    if (!code) throw gdprErrors.linkInvalid();
    await markCodeUsed(tx, code.id, now);
    const c = await lockCustomerRow(tx, customerId);
    if (!c || c.status === 'erased') throw gdprErrors.linkInvalid();
    // Only what ERASURE_PLAN lists, found by id or by an identifier only this person holds.
    const changed = await runErasurePlan(
      tx,
      {
        customerId,
        mobile: c.mobile,
        confirmedEmail: c.email && c.emailVerifiedAt ? c.email : null,
      },
      now,
    );
    const cancelledTickets = changed.customer_tickets ?? 0;
    await audit(tx, {
      actor: auditActors.customer(customerId),
      action: 'customer.erased',
      entity: 'customer',
      entityId: customerId,
      data: { cancelled_tickets: cancelledTickets, rows_changed: changed },
    });
    return { cancelledTickets };
  });
}
