import type { Locale } from '@bilheteira/shared/locales';
import type { OrganizerRequestInput } from '@bilheteira/shared/schemas/organizer-requests';
import { toE164 } from '@bilheteira/shared/phone';
import type { Db } from '../../db/client';
import { translate } from '../../i18n/messages';
import { audit } from '../../lib/audit';
import { verifyCaptcha, type CaptchaKeys } from '../../lib/captcha';
import { organizerRequestErrors } from './organizer-requests.errors';
import { enqueueMessage } from '../../lib/outbox';
import { hashPassword } from '../../lib/passwords';
import { hitLimit } from '../../lib/rate-limit';
import { findOrganizerRequestByEmail, insertOrganizerRequest } from './organizer-requests.repository';
import './organizer-requests.messages';

export const ORGANIZER_REQUEST_LIMITS = {
  /** submissions per client IP (each also costs a solved captcha) */
  perIp: { max: 5, windowSeconds: 60 * 60 },
};

const emailTaken = () =>
  organizerRequestErrors.emailTaken({}, { fieldErrors: { email: ['organizer.email_taken'] } });

export interface OrganizerRequestContext {
  ip: string;
  visitorId: string | null;
  eventId: number | null;
  operatorEmail: string;
  captchaKeys: CaptchaKeys;
  now?: Date;
}

/**
 * Stores an organiser account request (spec §3) and queues the applicant's confirmation
 * and the operator's notification in the same transaction.
 * Throws 429 past the per-IP limit, 400 captcha_invalid for a missing, wrong, expired or
 * reused captcha (checked and burned before anything else, so one solution cannot probe
 * several emails), 409 email_taken when the email already has a request.
 */
export async function createOrganizerRequest(
  db: Db,
  input: OrganizerRequestInput,
  ctx: OrganizerRequestContext,
): Promise<{ id: number }> {
  const now = ctx.now ?? new Date();
  await hitLimit(db, { key: `organizer-request:ip:${ctx.ip}`, ...ORGANIZER_REQUEST_LIMITS.perIp }, now);
  await verifyCaptcha(db, ctx.captchaKeys, input.altcha, now);
  // Cheap answer for the common case before paying for argon2; the insert stays race-safe.
  if (await findOrganizerRequestByEmail(db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password_plan);
  const mobile = toE164(input.country_call_code, input.mobile);
  return db.transaction(async (tx) => {
    const row = await insertOrganizerRequest(tx, {
      firstName: input.first_name,
      lastName: input.last_name,
      nameCompany: input.name_company,
      email: input.email,
      mobile,
      countryCallCode: input.country_call_code,
      passwordHash,
      description: input.description,
      lang: input.lang,
      createdAt: now,
    });
    if (!row) throw emailTaken();
    const lang: Locale = input.lang;
    const params = {
      id: row.id,
      firstName: input.first_name,
      lastName: input.last_name,
      company: input.name_company,
      email: input.email,
      mobile,
      lang,
      description: input.description,
    };
    await enqueueMessage(tx, {
      channel: 'email',
      recipient: input.email,
      subject: translate(lang, 'organizer.mail_applicant_subject', params),
      body: translate(lang, 'organizer.mail_applicant_body', params),
      meta: { kind: 'organizer-request-confirmation', requestId: row.id },
    });
    await enqueueMessage(tx, {
      channel: 'email',
      recipient: ctx.operatorEmail,
      subject: translate('pt-pt', 'organizer.mail_operator_subject', params),
      body: translate('pt-pt', 'organizer.mail_operator_body', params),
      meta: { kind: 'organizer-request-operator', requestId: row.id, replyTo: input.email },
    });
    await audit(tx, {
      actor: `visitor:${ctx.visitorId ?? 'unknown'}`,
      action: 'organizer_request.create',
      entity: 'organizer_request',
      entityId: row.id,
      data: { ip: ctx.ip, eventId: ctx.eventId, acceptedTerms: input.accepted_terms, lang },
    });
    return { id: row.id };
  });
}
