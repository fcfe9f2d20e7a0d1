/**
 * Issue 27 item 9, the activity log: owners and admins read their organiser's entries (who,
 * what, when, the session's IP and browser), never another organiser's; platform operators
 * read every entry, support impersonation included, and filter by organiser. Filters (actor,
 * action, event, dates) and keyset pages; each page has an index path (EXPLAIN).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { auditLog } from '../src/db/schema/index';
import { activityPageQuery } from '../src/modules/audit/audit.admin.repository';
import { issueImpersonationToken } from '../src/modules/identity/impersonation.service';
import { newDraftEvent, newOrganizer, staffAs, staffCall, type StaffSession } from './backoffice-sessions';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let orgA: number;
let orgB: number;
let ownerA: StaffSession;
let ownerB: StaffSession;
let eventA: number;
let eventA2: number;
let operator: StaffSession;

const get = (who: StaffSession, url: string, locale?: string) =>
  staffCall(t, who, 'GET', url, undefined, locale);
const logOf = (org: number) => `/api/backoffice/organizers/${org}/activity`;

beforeAll(async () => {
  t = await createTestApp();
  orgA = await newOrganizer(t);
  orgB = await newOrganizer(t);
  ownerA = await staffAs(t, { role: 'owner', organizerId: orgA });
  ownerB = await staffAs(t, { role: 'owner', organizerId: orgB });
  operator = await staffAs(t, { operator: true });
  eventA = await newDraftEvent(t, ownerA, orgA, { name: 'Festa A' });
  eventA2 = await newDraftEvent(t, ownerA, orgA, { name: 'Festa A2' });
  const eventB = await newDraftEvent(t, ownerB, orgB, { name: 'Festa B' });
  await staffCall(t, ownerA, 'POST', `/api/backoffice/organizers/${orgA}/events/${eventA}/door/devices`, {
    name: 'Porta A',
  });
  await staffCall(t, ownerB, 'POST', `/api/backoffice/organizers/${orgB}/events/${eventB}/door/devices`, {
    name: 'Porta B',
  });
});
afterAll(() => t.close());

describe('the organiser’s activity log', () => {
  it("an owner sees their organiser's entries with who, the event and the session; never another organiser's", async () => {
    const res = await get(ownerA, logOf(orgA));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const device = body.data.find((e: { action: string }) => e.action === 'door_device.create');
    expect(device).toMatchObject({
      action: 'door_device.create',
      entity: 'checkin_device',
      actor: { kind: 'staff', code: `staff:${ownerA.userId}`, name: expect.any(String), platform: false },
      event: { id: eventA, name: 'Festa A' },
      organizer: { id: orgA },
      session: { ip: '127.0.0.1', user_agent: 'vitest' },
      data: { name: 'Porta A', event_id: eventA },
    });
    expect(body.data.map((e: { action: string }) => e.action)).toContain('event.created');
    expect(body.data.every((e: { organizer: { id: number } }) => e.organizer.id === orgA)).toBe(true);
    expect(JSON.stringify(body)).not.toContain('Porta B');
    expect(body.meta).toEqual({ per_page: 50, next_before: null });

    // another organiser's log: not found, as if it did not exist
    expect((await get(ownerB, logOf(orgA))).statusCode).toBe(404);
    expect((await get(ownerB, `${logOf(orgA)}/actors`)).statusCode).toBe(404);
    const actors = (await get(ownerA, `${logOf(orgA)}/actors`)).json().data;
    expect(actors).toEqual([expect.objectContaining({ code: `staff:${ownerA.userId}` })]);
  });

  it('admins read it; other roles are refused', async () => {
    const admin = await staffAs(t, { role: 'admin', organizerId: orgA });
    expect((await get(admin, logOf(orgA))).statusCode).toBe(200);
    for (const role of ['event_manager', 'finance', 'door_supervisor', 'viewer'] as const) {
      const who = await staffAs(t, { role, organizerId: orgA });
      expect((await get(who, logOf(orgA))).statusCode, role).toBe(403);
    }
  });

  it('filters by actor, action, event and dates; pages by id', async () => {
    const q = (s: string) =>
      get(ownerA, `${logOf(orgA)}?${s}`).then((r) => r.json().data as { action: string; id: number }[]);
    expect((await q('action=door_device')).map((e) => e.action)).toEqual(['door_device.create']);
    expect((await q('action=door_device.create')).map((e) => e.action)).toEqual(['door_device.create']);
    expect(await q('action=door_device.rename')).toEqual([]);
    expect((await q(`actor=staff:${ownerA.userId}`)).length).toBeGreaterThan(1);
    expect(await q(`actor=staff:${ownerB.userId}`)).toEqual([]);
    const byEvent = await q(`event_id=${eventA2}`);
    expect(byEvent.map((e) => e.action)).toEqual(['event.created']);
    expect(await q(`from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
    expect(
      (await q(`to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).length,
    ).toBeGreaterThan(1);
    const bad = await get(ownerA, `${logOf(orgA)}?from=yesterday&action=DROP%20TABLE`, 'en');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['action', 'from']);

    // 60 more entries: two pages by `before`, no entry twice
    await t.database.db.insert(auditLog).values(
      Array.from({ length: 60 }, (_, i) => ({
        actor: `staff:${ownerA.userId}`,
        action: 'event.updated',
        entity: 'event',
        entityId: String(eventA),
        organizerId: orgA,
        eventId: eventA,
        data: { n: i },
      })),
    );
    const first = (await get(ownerA, `${logOf(orgA)}?event_id=${eventA}`)).json();
    expect(first.data).toHaveLength(50);
    expect(first.meta.next_before).toBe(first.data[49].id);
    const second = (
      await get(ownerA, `${logOf(orgA)}?event_id=${eventA}&before=${first.meta.next_before}`)
    ).json();
    expect(second.meta.next_before).toBeNull();
    const ids = [...first.data, ...second.data].map((e: { id: number }) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

describe('the platform operators’ log', () => {
  it('shows every organiser, filters by one, and shows support impersonation', async () => {
    await issueImpersonationToken(
      t.database.db,
      { mobile: '+351912345678', operator: 'ana.suporte', publicUrl: 'http://localhost', via: 'ops' },
      new Date(),
    );
    const all = (await get(operator, '/api/backoffice/operator/activity')).json().data as {
      action: string;
      organizer: { id: number } | null;
      actor: { kind: string; name: string | null };
    }[];
    const devices = (await get(operator, '/api/backoffice/operator/activity?action=door_device')).json().data;
    expect(devices.map((e: { organizer: { id: number } }) => e.organizer.id).sort()).toEqual(
      [orgA, orgB].sort(),
    );
    expect(all.find((e) => e.action === 'impersonation.issued')).toMatchObject({
      actor: { kind: 'support', name: 'ana.suporte' },
      organizer: null,
    });
    const onlyB = (await get(operator, `/api/backoffice/operator/activity?organizer_id=${orgB}`)).json().data;
    expect(onlyB.length).toBeGreaterThan(0);
    expect(onlyB.every((e: { organizer: { id: number } }) => e.organizer.id === orgB)).toBe(true);
    // operators read an organiser's log too; organisers never read the platform's
    expect((await get(operator, logOf(orgA))).statusCode).toBe(200);
    expect((await get(ownerA, '/api/backoffice/operator/activity')).statusCode).toBe(404);
  });

  it('each page has an index path to audit_log (EXPLAIN, sequential scans off)', async () => {
    const plans: string[] = [];
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        for (const f of [
          { organizerId: orgA },
          { organizerId: orgA, eventId: eventA, before: 1_000_000 },
          { organizerId: orgA, actor: 'staff:1', action: 'door_device', from: new Date(0), to: new Date() },
          { organizerId: null },
          { organizerId: null, action: 'impersonation', before: 1_000_000 },
        ]) {
          const rows = await queryRows<{ 'QUERY PLAN': string }>(
            tx,
            sql`EXPLAIN ${activityPageQuery(tx, { ...f, limit: 51 }).getSQL()}`,
          );
          plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
        }
        throw new Error('rollback');
      })
      .catch((e: Error) => {
        if (e.message !== 'rollback') throw e;
      });
    expect(plans).toHaveLength(5);
    for (const plan of plans) expect(plan, plan).not.toMatch(/Seq Scan on audit_log/);
  });
});

describe('sign-ins', () => {
  it('a sign-in is audited with the session it opened (operators read it)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/auth/login',
      headers: { 'user-agent': 'Firefox/140.0' },
      payload: { email: 'operador@bilheteira.pt', password: 'Operador!2026demo' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const logins = (await get(operator, '/api/backoffice/operator/activity?action=staff.login')).json().data;
    expect(logins[0]).toMatchObject({
      action: 'staff.login',
      actor: { kind: 'staff', platform: true },
      session: { user_agent: 'Firefox/140.0' },
    });
  });
});

describe('migration 0038’s backfill', () => {
  it('scopes older back-office entries by what they name; customers’ entries stay unscoped', async () => {
    const db = t.database.db;
    const [device] = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM checkin_devices WHERE event_id = ${eventA} LIMIT 1`,
    );
    const staff = `staff:${ownerA.userId}`;
    const old = await db
      .insert(auditLog)
      .values([
        {
          actor: staff,
          action: 'door_device.revoke',
          entity: 'checkin_device',
          entityId: String(device!.id),
        },
        { actor: staff, action: 'event.updated', entity: 'event', entityId: String(eventA2) },
        { actor: staff, action: 'x.y', entity: 'thing', data: { event_id: eventA } },
        { actor: staff, action: 'team.removed', entity: 'organizer', entityId: String(orgB) },
        { actor: 'customer:1', action: 'ticket.transfer', entity: 'event', entityId: String(eventA) },
      ])
      .returning({ id: auditLog.id });
    const ids = old.map((r) => r.id);
    // the rows as the migration found them: no scope yet
    await db.execute(
      sql`UPDATE audit_log SET organizer_id = NULL, event_id = NULL WHERE id IN (${sql.join(ids, sql`, `)})`,
    );
    const migration = fs.readFileSync(
      path.join(import.meta.dirname, '../drizzle/0038_door_lists_audit_scope.sql'),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      if (/^\s*(--[^\n]*\n\s*)*UPDATE/.test(statement)) await db.execute(sql.raw(statement));
    const rows = await queryRows<{ id: number; organizer_id: number | null; event_id: number | null }>(
      db,
      sql`SELECT id, organizer_id, event_id FROM audit_log WHERE id IN (${sql.join(ids, sql`, `)}) ORDER BY id`,
    );
    expect(rows.map((r) => [r.organizer_id, r.event_id])).toEqual([
      [orgA, eventA],
      [orgA, eventA2],
      [orgA, eventA],
      [orgB, null],
      [null, null],
    ]);
  });
});
