/**
 * Back-office users (issue 26 item 2): sign-in with a second factor, cookie sessions with
 * CSRF, team invitations and roles, and the platform operator's approval of organiser
 * requests.
 */
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, organizerRequests, organizers, outbox } from '../src/db/schema/index';
import { STAFF_WRITES_PER_MINUTE } from '../src/plugins/staff-auth';
import { DEMO_PENDING_REQUEST_EMAIL, DEMO_STAFF } from '../src/seed/staff.seed';
import { staffAs } from './backoffice-sessions';
import { createTestApp, expectErrorShape, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Session {
  cookie: string;
  csrf: string;
  state: string;
}

const totp = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

async function signIn(email: string, password: string, locale = 'pt-pt') {
  return t.app.inject({
    method: 'POST',
    url: '/api/backoffice/auth/login',
    headers: { 'x-locale': locale },
    payload: { email, password },
  });
}

function sessionOf(res: Awaited<ReturnType<typeof signIn>>): Session {
  const cookie = res.cookies.find((c) => c.name === 'bh_staff');
  expect(cookie, res.body).toBeDefined();
  const data = res.json().data as { csrf_token: string; state: string };
  return { cookie: cookie!.value, csrf: data.csrf_token, state: data.state };
}

function as(
  s: Session,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  csrf = true,
) {
  return t.app.inject({
    method,
    url,
    cookies: { bh_staff: s.cookie },
    headers: csrf ? { 'x-csrf-token': s.csrf } : {},
    ...(payload ? { payload } : {}),
  });
}

/** Signs in with password and TOTP (a code one step ahead when `ahead`, so two sign-ins in one step work). */
async function signInFully(who: { email: string; password: string; totpSecret: string }, ahead = 0) {
  const s = sessionOf(await signIn(who.email, who.password));
  const res = await as(s, 'POST', '/api/backoffice/auth/second-factor', {
    code: await totp(who.totpSecret, ahead),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...s, state: 'complete' };
}

async function latestEmailTo(recipient: string) {
  const rows = await t.database.db.select().from(outbox).where(eq(outbox.recipient, recipient));
  return rows.at(-1);
}

/** The owner's working session (one TOTP step per sign-in: codes are never reused). */
let owner: Session;
const MANAGER = { email: 'gestora@promotora-demo.pt', password: 'Gestora!2026-segura' };

const organizerId = async (slug: string) =>
  (await t.database.db.select().from(organizers).where(eq(organizers.slug, slug)))[0]!.id;

describe('sign-in', () => {
  it('refuses a wrong password or an unknown email with one localised answer and no cookie', async () => {
    for (const res of [
      await signIn(DEMO_STAFF.owner.email, 'wrong-password-1', 'en'),
      await signIn('nobody@example.pt', 'wrong-password-1', 'en'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(expectErrorShape(res)).toMatchObject({
        code: 'staff_invalid_credentials',
        message: 'Wrong email or password.',
      });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('sets an httpOnly SameSite=Strict cookie and asks for the second factor before anything else', async () => {
    const res = await signIn(DEMO_STAFF.owner.email, DEMO_STAFF.owner.password);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'bh_staff')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/backoffice' });
    const s = sessionOf(res);
    expect(s.state).toBe('second_factor');
    const org = await organizerId('promotora-demo');
    const early = await as(s, 'GET', `/api/backoffice/organizers/${org}/team`);
    expect(early.statusCode).toBe(403);
    expect(expectErrorShape(early).code).toBe('second_factor_required');

    const wrong = await as(s, 'POST', '/api/backoffice/auth/second-factor', { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    const code = await totp(DEMO_STAFF.owner.totpSecret);
    const ok = await as(s, 'POST', '/api/backoffice/auth/second-factor', { code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      state: 'complete',
      memberships: [expect.objectContaining({ organizer_slug: 'promotora-demo', role: 'owner' })],
    });
    const team = await as(s, 'GET', `/api/backoffice/organizers/${org}/team`);
    expect(team.statusCode).toBe(200);
    expect(team.json().data.members.map((m: { email: string }) => m.email)).toContain(DEMO_STAFF.owner.email);

    // the same code never works twice (a second sign-in in the same 30 s)
    const again = sessionOf(await signIn(DEMO_STAFF.owner.email, DEMO_STAFF.owner.password));
    const replay = await as(again, 'POST', '/api/backoffice/auth/second-factor', { code });
    expect(replay.statusCode).toBe(422);
  });

  it('needs the CSRF token on every change, and no cookie means 401', async () => {
    owner = await signInFully(DEMO_STAFF.owner, 1);
    const s = owner;
    const org = await organizerId('promotora-demo');
    const url = `/api/backoffice/organizers/${org}/invitations`;
    const payload = { email: 'sem-csrf@example.pt', role: 'viewer' };
    const noCsrf = await as(s, 'POST', url, payload, false);
    expect(noCsrf.statusCode).toBe(403);
    expect(expectErrorShape(noCsrf).code).toBe('csrf_failed');
    const forged = await t.app.inject({
      method: 'POST',
      url,
      cookies: { bh_staff: s.cookie },
      headers: { 'x-csrf-token': 'x'.repeat(43) },
      payload,
    });
    expect(forged.statusCode).toBe(403);
    expect(await latestEmailTo('sem-csrf@example.pt')).toBeUndefined();
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/backoffice/organizers/${org}/team` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('teams', () => {
  it('an owner invites an event manager, who joins, signs in without a second factor and cannot manage the team', async () => {
    const org = await organizerId('promotora-demo');
    const email = MANAGER.email;
    const invited = await as(owner, 'POST', `/api/backoffice/organizers/${org}/invitations`, {
      email: ' Gestora@Promotora-Demo.pt ',
      role: 'event_manager',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const mail = await latestEmailTo(email);
    expect(mail!.body).toContain('Gestor de eventos');
    const token = String(mail!.meta.link).split('/invitations/')[1]!;
    const preview = await t.app.inject({ url: `/api/backoffice/invitations/${token}` });
    expect(preview.json().data).toEqual({
      organizer_name: 'Promotora Demo',
      email,
      role: 'event_manager',
      account_exists: false,
    });
    const short = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/invitations/${token}/accept`,
      payload: { name: 'Gestora', password: 'curta' },
    });
    expect(short.statusCode).toBe(400);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/invitations/${token}/accept`,
      payload: { name: 'Gestora de Eventos', password: MANAGER.password },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const reused = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/invitations/${token}/accept`,
      payload: { name: 'Outra', password: 'Outra!2026-segura' },
    });
    expect(reused.statusCode).toBe(404);

    const manager = sessionOf(await signIn(email, MANAGER.password));
    expect(manager.state).toBe('complete');
    const me = await as(manager, 'GET', '/api/backoffice/auth/me');
    expect(me.json().data.memberships[0]).toMatchObject({ role: 'event_manager' });
    expect(me.json().data.memberships[0].permissions).toContain('events.edit');
    expect(me.json().data.memberships[0].permissions).not.toContain('team.manage');
    const team = await as(manager, 'GET', `/api/backoffice/organizers/${org}/team`);
    expect(team.statusCode).toBe(403);
    // another organiser's team: the same 404 as one that does not exist
    expect((await as(owner, 'GET', `/api/backoffice/organizers/999999/team`)).statusCode).toBe(404);
  });

  it('an owner withdraws an invitation: its link stops working, twice is 404; an admin cannot withdraw an owner’s', async () => {
    const org = await organizerId('promotora-demo');
    const base = `/api/backoffice/organizers/${org}`;
    const email = 'retirado@example.pt';
    expect((await as(owner, 'POST', `${base}/invitations`, { email, role: 'viewer' })).statusCode).toBe(200);
    const token = String((await latestEmailTo(email))!.meta.link).split('/invitations/')[1]!;
    const open = (await as(owner, 'GET', `${base}/team`)).json().data.invitations as {
      id: number;
      email: string;
    }[];
    const id = open.find((i) => i.email === email)!.id;
    const withdrawn = await as(owner, 'DELETE', `${base}/invitations/${id}`, undefined);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data.message).toBe('Convite cancelado: a ligação deixou de funcionar.');
    expect((await t.app.inject({ url: `/api/backoffice/invitations/${token}` })).statusCode).toBe(404);
    const again = await as(owner, 'DELETE', `${base}/invitations/${id}`, undefined);
    expect(again.statusCode).toBe(404);
    expectErrorShape(again);
    const left = (await as(owner, 'GET', `${base}/team`)).json().data.invitations as { email: string }[];
    expect(left.map((i) => i.email)).not.toContain(email);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'team.invitation_revoked'), eq(auditLog.entityId, String(org))));
    expect(audited).toHaveLength(1);

    // an admin may not give the owner role, nor withdraw an invitation to it
    const heir = 'herdeira@example.pt';
    expect((await as(owner, 'POST', `${base}/invitations`, { email: heir, role: 'owner' })).statusCode).toBe(
      200,
    );
    const invitations = (await as(owner, 'GET', `${base}/team`)).json().data.invitations as {
      id: number;
      email: string;
    }[];
    const admin = { ...(await staffAs(t, { role: 'admin', organizerId: org })), state: 'complete' };
    const refused = await as(
      admin,
      'DELETE',
      `${base}/invitations/${invitations.find((i) => i.email === heir)!.id}`,
    );
    expect(refused.statusCode).toBe(403);
  });

  it('a finance member must set up TOTP before working; recovery codes work once', async () => {
    const org = await organizerId('promotora-demo');
    const email = 'financas@promotora-demo.pt';
    await as(owner, 'POST', `/api/backoffice/organizers/${org}/invitations`, { email, role: 'finance' });
    const token = String((await latestEmailTo(email))!.meta.link).split('/invitations/')[1]!;
    await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/invitations/${token}/accept`,
      payload: { name: 'Finanças', password: 'Financas!2026-segura' },
    });
    const s = sessionOf(await signIn(email, 'Financas!2026-segura'));
    expect(s.state).toBe('totp_setup');
    expect((await as(s, 'GET', '/api/backoffice/auth/sessions')).statusCode).toBe(403);
    const setup = await as(s, 'POST', '/api/backoffice/auth/totp/setup');
    const { secret, otpauth_uri } = setup.json().data as { secret: string; otpauth_uri: string };
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Bilheteira:/);
    const enabled = await as(s, 'POST', '/api/backoffice/auth/totp/enable', { code: await totp(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const codes = enabled.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect((await as(s, 'GET', '/api/backoffice/auth/sessions')).statusCode).toBe(200);

    const next = sessionOf(await signIn(email, 'Financas!2026-segura'));
    expect(next.state).toBe('second_factor');
    expect(
      (await as(next, 'POST', '/api/backoffice/auth/second-factor', { code: codes[0] })).statusCode,
    ).toBe(200);
    const third = sessionOf(await signIn(email, 'Financas!2026-segura'));
    expect(
      (await as(third, 'POST', '/api/backoffice/auth/second-factor', { code: codes[0] })).statusCode,
    ).toBe(422);
  });

  it("keeps one owner, and a user ends their own session on another device, never someone else's", async () => {
    const org = await organizerId('promotora-demo');
    const team = (await as(owner, 'GET', `/api/backoffice/organizers/${org}/team`)).json().data;
    const me = team.members.find((m: { email: string }) => m.email === DEMO_STAFF.owner.email);
    const demote = await as(owner, 'PATCH', `/api/backoffice/organizers/${org}/members/${me.user_id}`, {
      role: 'admin',
    });
    expect(demote.statusCode).toBe(409);
    expect(expectErrorShape(demote).code).toBe('staff_last_owner');

    // the event manager on a laptop and a phone: the laptop ends the phone's session
    const laptop = sessionOf(await signIn(MANAGER.email, MANAGER.password));
    const phone = sessionOf(await signIn(MANAGER.email, MANAGER.password));
    const mine = async (x: Session) =>
      (await as(x, 'GET', '/api/backoffice/auth/sessions')).json().data as { id: number; current: boolean }[];
    const listed = await mine(laptop);
    expect(listed.filter((x) => x.current)).toHaveLength(1);
    const phoneId = (await mine(phone)).find((x) => x.current)!.id;
    expect(listed.map((x) => x.id)).toContain(phoneId);
    expect((await as(laptop, 'DELETE', `/api/backoffice/auth/sessions/${phoneId}`)).statusCode).toBe(200);
    expect((await as(phone, 'GET', '/api/backoffice/auth/me')).statusCode).toBe(401);
    expect((await as(laptop, 'GET', '/api/backoffice/auth/me')).statusCode).toBe(200);
    // someone else's session: 404, and it stays live
    const ownerSession = (await mine(owner)).find((x) => x.current)!.id;
    expect((await as(laptop, 'DELETE', `/api/backoffice/auth/sessions/${ownerSession}`)).statusCode).toBe(
      404,
    );
    expect((await as(owner, 'GET', '/api/backoffice/auth/me')).statusCode).toBe(200);
  });
});

describe('the platform operator', () => {
  it('approves a pending request: the organiser exists and its owner is invited; a second decision is refused', async () => {
    const operator = await signInFully(DEMO_STAFF.operator);
    const list = await as(operator, 'GET', '/api/backoffice/operator/organizer-requests?status=pending');
    const request = (list.json().data as { id: number; email: string }[]).find(
      (r) => r.email === DEMO_PENDING_REQUEST_EMAIL,
    )!;
    expect(request).toBeDefined();
    // the queue says how many wait, beyond its page of 50
    const pendingBefore = list.json().meta.total as number;
    expect(list.json().meta).toMatchObject({ page: 1, per_page: 50 });
    expect(pendingBefore).toBeGreaterThanOrEqual(1);
    const url = `/api/backoffice/operator/organizer-requests/${request.id}`;
    const badNif = await as(operator, 'POST', `${url}/approve`, {
      nif: '123456780',
      iban: 'PT50000201231234567890154',
    });
    expect(badNif.statusCode).toBe(400);
    const ok = await as(operator, 'POST', `${url}/approve`, {
      nif: '503504564',
      iban: 'pt50 0002 0123 1234 5678 9015 4',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const created = (
      await t.database.db.select().from(organizers).where(eq(organizers.id, ok.json().data.organizer_id))
    )[0]!;
    expect(created).toMatchObject({
      slug: 'fado-ao-vivo-lda',
      nif: '503504564',
      iban: 'PT50000201231234567890154',
    });
    const invitation = await latestEmailTo(DEMO_PENDING_REQUEST_EMAIL);
    expect(invitation!.meta.link).toMatch(/\/invitations\/[A-Za-z0-9_-]{20,}$/);
    expect(invitation!.body).toContain('Proprietário');
    const again = await as(operator, 'POST', `${url}/reject`, { reason: 'Duplicado' });
    expect(again.statusCode).toBe(409);
    const row = (
      await t.database.db.select().from(organizerRequests).where(eq(organizerRequests.id, request.id))
    )[0]!;
    expect(row.status).toBe('approved');
    const after = await as(operator, 'GET', '/api/backoffice/operator/organizer-requests?status=pending');
    expect(after.json().meta.total).toBe(pendingBefore - 1);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'organizer_request.approved'), eq(auditLog.entityId, String(request.id))),
      );
    expect(audited).toHaveLength(1);
  });

  it("an organiser's owner cannot reach the operator's queue", async () => {
    expect((await as(owner, 'GET', '/api/backoffice/operator/organizer-requests')).statusCode).toBe(404);
  });
});

describe('the write limit', () => {
  it('a hundred identical changes at once: at most a minute’s share are written, the rest answer 429', async () => {
    const org = await organizerId('promotora-demo');
    const url = `/api/backoffice/organizers/${org}/events`;
    const name = `Rajada ${Date.now()}`;
    const payload = {
      name,
      address: 'Rua Augusta 1, Lisboa',
      city: 'Lisboa',
      contact_email: 'rajada@promotora-demo.pt',
      starts_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      ends_at: new Date(Date.now() + 30 * 86_400_000 + 3 * 3_600_000).toISOString(),
    };
    const answers = await Promise.all(Array.from({ length: 100 }, () => as(owner, 'POST', url, payload)));
    const written = answers.filter((r) => r.statusCode < 300);
    const limited = answers.filter((r) => r.statusCode === 429);
    // earlier tests in this file wrote as the owner in the same minute: at most, never more
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThanOrEqual(STAFF_WRITES_PER_MINUTE);
    expect(limited.length).toBeGreaterThanOrEqual(100 - STAFF_WRITES_PER_MINUTE);
    for (const r of limited) {
      expect(expectErrorShape(r).code).toBe('rate_limited');
      expect(r.headers['retry-after']).toBeDefined();
    }
    // the others that got past the limit raced for the same name's address: told so, nothing half-written
    for (const r of answers.filter((a) => a.statusCode >= 300 && a.statusCode !== 429))
      expect(expectErrorShape(r).code).toBe('event_slug_taken');
    // reading is not limited
    const list = await as(owner, 'GET', `${url}?search=${encodeURIComponent(name)}`);
    expect(list.statusCode, list.body).toBe(200);
    const drafts = await t.database.db.select().from(events).where(eq(events.name, name));
    expect(drafts).toHaveLength(written.length);
  });
});
