import type { Locale } from '@bilheteira/shared/locales';
import type { Db } from '../../db/client';
import { translate } from '../../i18n/messages';
import { verifyCaptcha, type CaptchaKeys } from '../../lib/captcha';
import { enqueueMessage } from '../../lib/outbox';
import { hitLimit } from '../../lib/rate-limit';
import { insertContactMessage } from './contact.repository';
import './contact.messages';

export const CONTACT_LIMITS_PER_IP = { max: 5, windowSeconds: 60 * 60 };
/** Messages per sender email (the account of a contact form), from any number of addresses. */
export const CONTACT_LIMITS_PER_EMAIL = { max: 5, windowSeconds: 24 * 60 * 60 };

export interface ContactContext {
  ip: string;
  locale: Locale;
  supportEmail: string;
  captchaKeys: CaptchaKeys;
  customerId?: number | null;
  now?: Date;
}

/**
 * Stores a need-help message and queues it to support, in one transaction (the email goes
 * out if and only if the message is stored). Throws 429 past the per-IP limit and 400
 * captcha_invalid for a missing, wrong, expired or reused captcha, before storing anything;
 * then 429 past the per-email limit (counted only behind a solved captcha, so nobody can use
 * up another person's messages cheaply).
 */
export async function submitContactMessage(
  db: Db,
  input: { name: string; company: string; email: string; message: string; altcha?: string },
  ctx: ContactContext,
): Promise<{ id: number }> {
  const now = ctx.now ?? new Date();
  await hitLimit(db, { key: `contact:ip:${ctx.ip}`, ...CONTACT_LIMITS_PER_IP }, now);
  await verifyCaptcha(db, ctx.captchaKeys, input.altcha, now);
  const email = input.email.trim().toLowerCase();
  await hitLimit(db, { key: `contact:email:${email}`, ...CONTACT_LIMITS_PER_EMAIL }, now);
  return db.transaction(async (tx) => {
    const row = await insertContactMessage(tx, {
      kind: 'support',
      customerId: ctx.customerId ?? null,
      name: input.name,
      company: input.company || null,
      email: input.email,
      message: input.message,
      createdAt: now,
    });
    // Support reads Portuguese; the sender's language is in the body.
    const params = {
      id: row.id,
      name: input.name,
      company: input.company || '—',
      email: input.email,
      lang: ctx.locale,
      message: input.message,
    };
    await enqueueMessage(tx, {
      channel: 'email',
      recipient: ctx.supportEmail,
      customerId: ctx.customerId ?? null,
      subject: translate('pt-pt', 'contact.mail_subject', params),
      body: translate('pt-pt', 'contact.mail_body', params),
      meta: { kind: 'contact', contactMessageId: row.id, replyTo: input.email },
    });
    return row;
  });
}
