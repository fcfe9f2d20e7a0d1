import type { DemoContext } from './seed';

/**
 * Demo data of the later capabilities (orders, tickets, wallet, stations, door devices).
 * Each capability adds its own `<module>.seed.ts` and calls it from here.
 */
export async function seedModules(ctx: DemoContext): Promise<void> {
  void ctx;
}
