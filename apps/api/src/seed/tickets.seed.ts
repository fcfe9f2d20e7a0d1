import type { DemoContext } from './seed';

/** Demo data of the tickets capability (filled in by its issue). */
export async function seedTickets(ctx: DemoContext): Promise<void> {
  void ctx;
}
