import type { DemoContext } from './seed';

/** Demo data of the account capability (filled in by its issue). */
export async function seedAccount(ctx: DemoContext): Promise<void> {
  void ctx;
}
