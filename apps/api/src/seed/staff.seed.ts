import { eq } from 'drizzle-orm';
import { organizerRequests, organizerMembers } from '../db/schema/index';
import { hashPassword } from '../lib/passwords';
import { insertStaffUser } from '../modules/staff/staff.repository';
import type { DemoContext } from './seed';

/**
 * Back-office demo accounts (README, a contract like the demo customers): a platform
 * operator and the owner of promotora-demo, each with a password and a FIXED TOTP secret
 * (demo only: any authenticator app, or `otplib`, gives their codes), and one pending
 * organiser request for the operator's queue.
 */
export const DEMO_STAFF = {
  operator: {
    email: 'operador@bilheteira.pt',
    name: 'Operador Bilheteira',
    password: 'Operador!2026demo',
    totpSecret: 'BILHETEIRAOPERADORDEMOTOTPSEEDAA',
  },
  owner: {
    email: 'dono@promotora-demo.pt',
    name: 'Dona Promotora Demo',
    password: 'Promotora!2026demo',
    totpSecret: 'PROMOTORADEMOOWNERTOTPSEEDAAAAAA',
  },
} as const;

export const DEMO_PENDING_REQUEST_EMAIL = 'pedido@fado-ao-vivo.pt';

export async function seedStaff(ctx: DemoContext): Promise<void> {
  const { tx, now, catalog } = ctx;
  await insertStaffUser(tx, {
    email: DEMO_STAFF.operator.email,
    name: DEMO_STAFF.operator.name,
    passwordHash: await hashPassword(DEMO_STAFF.operator.password),
    platformRole: 'operator',
    totpSecret: DEMO_STAFF.operator.totpSecret,
    totpEnabledAt: now,
  });
  const owner = await insertStaffUser(tx, {
    email: DEMO_STAFF.owner.email,
    name: DEMO_STAFF.owner.name,
    passwordHash: await hashPassword(DEMO_STAFF.owner.password),
    platformRole: null,
    totpSecret: DEMO_STAFF.owner.totpSecret,
    totpEnabledAt: now,
  });
  await tx
    .insert(organizerMembers)
    .values({ organizerId: catalog.organizerId, userId: owner.id, role: 'owner' });
  const existing = await tx
    .select({ id: organizerRequests.id })
    .from(organizerRequests)
    .where(eq(organizerRequests.email, DEMO_PENDING_REQUEST_EMAIL));
  if (!existing.length)
    await tx.insert(organizerRequests).values({
      firstName: 'Marta',
      lastName: 'Fonseca',
      nameCompany: 'Fado ao Vivo, Lda.',
      email: DEMO_PENDING_REQUEST_EMAIL,
      mobile: '+351916000111',
      passwordHash: await hashPassword('Pedido!2026demo'),
      description: 'Noites de fado em Alfama, todas as semanas, para 120 pessoas.',
    });
}
