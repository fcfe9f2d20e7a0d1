import { sha256 } from '../lib/crypto';
import { insertDevice } from '../modules/checkin/checkin.repository';
import { ensureEventSigningKey } from '../modules/tickets/signing-key.repository';
import type { DemoContext } from './seed';

/**
 * Demo door devices (README): two gates of festival-demo and one of concerto-demo, keys
 * stored hashed. Every event gets its Ed25519 ticket-signing key. Customer tickets are not
 * made here: the commerce seed issues them through issueTicketsForOrder with their orders.
 */
export const DEMO_DOOR_KEYS = [
  { slug: 'festival-demo', name: 'Porta principal', key: 'demo-door-festival-key-0001' },
  { slug: 'festival-demo', name: 'Porta norte', key: 'demo-door-festival-key-0002' },
  { slug: 'concerto-demo', name: 'Entrada Coliseu', key: 'demo-door-concerto-key-0001' },
] as const;

export async function seedTickets(ctx: DemoContext): Promise<void> {
  for (const eventId of Object.values(ctx.catalog.events)) {
    await ensureEventSigningKey(ctx.tx, eventId);
  }
  for (const d of DEMO_DOOR_KEYS) {
    const eventId = ctx.catalog.events[d.slug];
    if (!eventId) continue;
    await insertDevice(ctx.tx, { eventId, name: d.name, keyHash: sha256(d.key) });
  }
}
