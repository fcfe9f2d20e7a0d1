import type { Tx } from '../db/client';
import { customers } from '../db/schema/index';
import { hashPassword } from '../lib/passwords';

export const DEMO_PASSWORD = 'Demo!2026';

export interface DemoCustomers {
  /** +351 912345678: has tickets, orders and a wallet */
  ana: number;
  /** +351 913456789 */
  rui: number;
}

export async function seedCustomers(tx: Tx): Promise<DemoCustomers> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  const [ana] = await tx
    .insert(customers)
    .values({
      firstName: 'Ana',
      lastName: 'Silva',
      email: 'ana.silva@example.pt',
      mobile: '+351912345678',
      mobileCountryCode: '351',
      birthday: '1990-05-14',
      gender: 'female',
      nameBilling: 'Ana Silva',
      documentBilling: '123456789',
      postalCode: '1100-148',
      passwordHash,
      status: 'active',
      mobileVerifiedAt: now,
      emailVerifiedAt: now,
    })
    .returning();
  const [rui] = await tx
    .insert(customers)
    .values({
      firstName: 'Rui',
      lastName: 'Costa',
      email: 'rui.costa@example.pt',
      mobile: '+351913456789',
      mobileCountryCode: '351',
      passwordHash,
      status: 'active',
      mobileVerifiedAt: now,
      emailVerifiedAt: now,
    })
    .returning();
  return { ana: ana!.id, rui: rui!.id };
}
