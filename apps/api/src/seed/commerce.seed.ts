import type { DemoContext } from './seed';

/** Demo data of the commerce capability (filled in by its issue). */
export async function seedCommerce(ctx: DemoContext): Promise<void> {
  void ctx;
}
