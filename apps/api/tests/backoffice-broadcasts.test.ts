/**
 * Issue 27 item 3: an organiser writes to the holders of an event. Operational messages reach
 * every holder with an email, in their language when written (else Portuguese); marketing
 * ones only those who consented, each with its own signed unsubscribe link; a message to one
 * ticket type reaches only its holders. The preview counts them by language; the list counts
 * the emails by status. Another organiser's event is not found; roles without events.publish
 * are refused; bad input changes nothing.
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, outbox } from '../src/db/schema/index';
import { newDraftEvent, newOrganizer, staffAs, staffCall, type StaffSession } from './backoffice-sessions';
import { createTestApp, type TestApp } from './helpers';
import { issueTickets } from './tickets.fixtures';

let t: TestApp;
let org: number;
let owner: StaffSession;
let base: string;
const types = { plateia: 0, camarote: 0 };

const texts = {
  'pt-pt': { subject: 'Portas às 20h', body: 'As portas abrem às 20h. Tragam o bilhete no telemóvel.' },
  en: { subject: 'Doors at 8 pm', body: 'Doors open at 8 pm. Bring your ticket on your phone.' },
};

/** A customer with an email, a language and a consent, holding one ticket of `typeName`. */
async function holder(slug: string, typeName: string, locale: string, marketingConsent: boolean) {
  const mobile = `+3519${String(randomInt(10_000_000, 99_999_999))}`;
  const email = `holder-${mobile.slice(4)}@example.pt`;
  await t.database.db.insert(customers).values({
    firstName: 'Portador',
    email,
    mobile,
    locale,
    marketingConsent,
    status: 'active',
  });
  await issueTickets(t, { mobile, slug, typeName, qty: 1 });
  return email;
}

const mailsTo = (email: string) => t.database.db.select().from(outbox).where(eq(outbox.recipient, email));

let emails: { pt: string; en: string; es: string };

beforeAll(async () => {
  t = await createTestApp();
  org = await newOrganizer(t);
  owner = await staffAs(t, { role: 'owner', organizerId: org });
  const event = await newDraftEvent(t, owner, org, { name: 'Concerto no Largo' });
  base = `/api/backoffice/organizers/${org}/events/${event}`;
  for (const [key, name] of [
    ['plateia', 'Plateia'],
    ['camarote', 'Camarote'],
  ] as const) {
    const res = await staffCall(t, owner, 'POST', `${base}/ticket-types`, {
      name,
      price_cents: 2000,
      quantity: 50,
    });
    types[key] = res.json().data.id;
  }
  const slug = (await staffCall(t, owner, 'GET', base)).json().data.slug as string;
  emails = {
    pt: await holder(slug, 'Plateia', 'pt-pt', true),
    en: await holder(slug, 'Plateia', 'en', false),
    es: await holder(slug, 'Camarote', 'es', true),
  };
});
afterAll(() => t.close());

describe('messages to holders', () => {
  it('an operational message reaches every holder in their language (Spanish unwritten: Portuguese)', async () => {
    const body = { kind: 'operational', texts };
    const preview = (await staffCall(t, owner, 'POST', `${base}/messages/preview`, body)).json().data;
    expect(preview.audience).toEqual({
      recipients: 3,
      by_locale: { 'pt-pt': 1, en: 1, es: 1 },
      without_consent: 0,
    });
    expect(preview.emails.map((e: { locale: string }) => e.locale)).toEqual(['pt-pt', 'en']);
    expect(preview.emails[1].body).toContain('because you hold a ticket for Concerto no Largo');

    const sent = await staffCall(t, owner, 'POST', `${base}/messages`, body);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().message).toBe('Mensagem enviada. Destinatários: 3.');
    expect((await mailsTo(emails.en))[0]).toMatchObject({ subject: 'Doors at 8 pm', status: 'pending' });
    expect((await mailsTo(emails.es))[0]).toMatchObject({ subject: 'Portas às 20h' });
    expect((await mailsTo(emails.pt))[0]!.body).toContain('porque tem bilhete para Concerto no Largo');
    const list = (await staffCall(t, owner, 'GET', `${base}/messages`)).json().data;
    expect(list[0]).toMatchObject({
      kind: 'operational',
      recipients: 3,
      pending: 3,
      sent: 0,
      subject: 'Portas às 20h',
    });
  });

  it('a marketing message to one ticket type reaches its holders who consented, with their unsubscribe link', async () => {
    const body = { kind: 'marketing', ticket_type_id: types.plateia, texts };
    const preview = (await staffCall(t, owner, 'POST', `${base}/messages/preview`, body)).json().data;
    expect(preview.audience).toEqual({
      recipients: 1,
      by_locale: { 'pt-pt': 1, en: 0, es: 0 },
      without_consent: 1,
    });
    const before = (await mailsTo(emails.en)).length;
    expect((await staffCall(t, owner, 'POST', `${base}/messages`, body)).statusCode).toBe(201);
    const mail = (await mailsTo(emails.pt)).at(-1)!;
    expect(mail.body).toMatch(/Para deixar de as receber: http.*\/unsub\?token=\d+\./);
    expect(mail.meta).toMatchObject({ kind: 'marketing' });
    // the English holder did not consent; the Spanish one holds another type
    expect((await mailsTo(emails.en)).length).toBe(before);
    expect((await mailsTo(emails.es)).length).toBe(1);
  });

  it('refuses what cannot be sent, in words, and changes nothing', async () => {
    const count = async () => (await staffCall(t, owner, 'GET', `${base}/messages`)).json().data.length;
    const before = await count();
    const bad = await staffCall(
      t,
      owner,
      'POST',
      `${base}/messages`,
      { kind: 'spam', texts: { 'pt-pt': { subject: '', body: 'x' } } },
      'en',
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['kind', 'texts.pt-pt.subject']);
    const other = await staffCall(t, owner, 'POST', `${base}/messages`, {
      kind: 'operational',
      ticket_type_id: 999999,
      texts,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('broadcast_bad_audience');
    expect(await count()).toBe(before);

    const otherOrg = await newOrganizer(t);
    const otherOwner = await staffAs(t, { role: 'owner', organizerId: otherOrg });
    const stolen = await staffCall(
      t,
      otherOwner,
      'POST',
      `${base.replace(`/organizers/${org}/`, `/organizers/${otherOrg}/`)}/messages`,
      { kind: 'operational', texts },
    );
    expect(stolen.statusCode).toBe(404);
    for (const role of ['finance', 'door_supervisor', 'viewer'] as const) {
      const who = await staffAs(t, { role, organizerId: org });
      expect(
        (await staffCall(t, who, 'POST', `${base}/messages`, { kind: 'operational', texts })).statusCode,
      ).toBe(403);
    }
    expect(await count()).toBe(before);
  });
});
