/**
 * Back-office sessions for API tests: a user with a role in an organiser (or a platform
 * operator) and a working session, made directly (password hash, membership, a session whose
 * second factor is done) so a test builds many users in milliseconds; `signInWithTotp` goes
 * through the real sign-in (password, then a TOTP code from otplib) for the demo accounts.
 */
import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import type { InjectOptions } from 'fastify';
import type { Role } from '@bilheteira/shared/backoffice-roles';
import { eq } from 'drizzle-orm';
import { organizerMembers, organizers, rateLimits, staffUsers } from '../src/db/schema/index';
import { insertStaffUser } from '../src/modules/staff/staff.repository';
import { csrfTokenOf, startStaffSession } from '../src/modules/staff/staff-session.service';
import type { TestApp } from './helpers';

export interface StaffSession {
  userId: number;
  cookie: string;
  csrf: string;
}

/** A new organiser (another tenant) and its id. */
export async function newOrganizer(t: TestApp, slug = `org-${randomUUID().slice(0, 8)}`): Promise<number> {
  const [row] = await t.database.db
    .insert(organizers)
    .values({ slug, name: `Organizer ${slug}`, email: `${slug}@example.pt` })
    .returning({ id: organizers.id });
  return row!.id;
}

/** A user with `role` in `organizerId` (or a platform operator), signed in. */
export async function staffAs(
  t: TestApp,
  who: { role: Role; organizerId: number } | { operator: true },
): Promise<StaffSession> {
  const db = t.database.db;
  const tag = randomUUID().slice(0, 8);
  const user = await insertStaffUser(db, {
    email: `${'operator' in who ? 'operator' : who.role}-${tag}@example.pt`,
    name: `Test ${tag}`,
    // never used to sign in: the session is made directly
    passwordHash: 'not-a-password-hash',
    platformRole: 'operator' in who ? 'operator' : null,
    totpSecret: null,
    totpEnabledAt: null,
  });
  if (!('operator' in who))
    await db
      .insert(organizerMembers)
      .values({ organizerId: who.organizerId, userId: user.id, role: who.role });
  const { token } = await startStaffSession(
    db,
    { userId: user.id, userAgent: 'vitest', ip: '127.0.0.1', secondFactorDone: true },
    new Date(),
  );
  return { userId: user.id, cookie: token, csrf: csrfTokenOf(token) };
}

/** Signs a demo account in through the API: password, then its TOTP code. */
export async function signInWithTotp(
  t: TestApp,
  who: { email: string; password: string; totpSecret: string },
): Promise<StaffSession> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/backoffice/auth/login',
    payload: { email: who.email, password: who.password },
  });
  const cookie = login.cookies.find((c) => c.name === 'bh_staff');
  if (login.statusCode !== 200 || !cookie)
    throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
  const csrf = (login.json().data as { csrf_token: string }).csrf_token;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/backoffice/auth/second-factor',
    cookies: { bh_staff: cookie.value },
    headers: { 'x-csrf-token': csrf },
    payload: { code: await generate({ secret: who.totpSecret }) },
  });
  if (res.statusCode !== 200) throw new Error(`second factor failed: ${res.statusCode} ${res.body}`);
  const [user] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.email, who.email));
  return { userId: user!.id, cookie: cookie.value, csrf };
}

/**
 * inject as a staff session (cookie and CSRF header). Each call starts the user's minute of
 * changes afresh: the matrices make hundreds of changes a minute as one user, and the write
 * limit has a test of its own (backoffice-staff.test.ts).
 */
export async function asStaff(t: TestApp, s: StaffSession, opts: InjectOptions) {
  await t.database.db.delete(rateLimits).where(eq(rateLimits.key, `staff-write:${s.userId}`));
  return t.app.inject({
    ...opts,
    cookies: { ...(opts.cookies ?? {}), bh_staff: s.cookie },
    headers: { ...(opts.headers ?? {}), 'x-csrf-token': s.csrf },
  });
}

/** A back-office call as `who`, its messages in `locale`, with an optional JSON body. */
export const staffCall = (
  t: TestApp,
  who: StaffSession,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  locale = 'pt-pt',
) => asStaff(t, who, { method, url, headers: { 'x-locale': locale }, ...(payload ? { payload } : {}) });

/** An instant `days` from now (ISO), for event dates. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A draft event of the organiser made through the back office by `who` (30 days ahead unless `extra` says otherwise); its id. */
export async function newDraftEvent(
  t: TestApp,
  who: StaffSession,
  organizerId: number,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const res = await staffCall(t, who, 'POST', `/api/backoffice/organizers/${organizerId}/events`, {
    name: 'Evento de teste',
    address: 'Rua Augusta 1, Lisboa',
    contact_email: 'evento@example.pt',
    starts_at: inDays(30),
    ends_at: inDays(31),
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`event not made: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: number } }).data.id;
}
