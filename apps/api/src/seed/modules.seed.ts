import type { DemoContext } from './seed';
import { seedCommerce } from './commerce.seed';
import { seedTickets } from './tickets.seed';
import { seedWallet } from './wallet.seed';
import { seedAccount } from './account.seed';
import { seedStaff } from './staff.seed';

/**
 * Demo data of the later capabilities, in dependency order: orders first (they issue
 * tickets and wallet credits), then tickets, wallet (bracelets, stations), account and the
 * back-office accounts.
 */
export async function seedModules(ctx: DemoContext): Promise<void> {
  await seedCommerce(ctx);
  await seedTickets(ctx);
  await seedWallet(ctx);
  await seedAccount(ctx);
  await seedStaff(ctx);
}
