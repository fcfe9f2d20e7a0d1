import type { DemoContext } from './seed';

/** Demo data of the wallet capability (filled in by its issue). */
export async function seedWallet(ctx: DemoContext): Promise<void> {
  void ctx;
}
