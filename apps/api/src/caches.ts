import type { Config } from './config';
import { createKeyGuardState } from './lib/key-guard';
import { createSaleFactsCache } from './modules/carts/sale-facts.cache';
import { createDoorCaches } from './modules/checkin/checkin.service';
import { createPublicEventCaches } from './modules/events/events.cache';
import { createStationCache } from './modules/stations/stations.service';
import { createEventPublicKeyCache } from './modules/tickets/signing-key.repository';

/**
 * Every in-process cache of one app, created by buildApp and owned by it (`app.caches`), each
 * a `Cache` (lib/cache.ts: bounded, with a TTL, the clock passed in). Staleness bounds:
 * - publicEvents (events/events.cache.ts): catalogue answers and bodies, PUBLIC_CACHE_MS (1 s);
 * - saleFacts (carts/sale-facts.cache.ts): an event's sale rules for direct checkouts,
 *   PUBLIC_CACHE_MS; stock is only ever decided in the buyer's favour from it;
 * - keyGuard (lib/key-guard.ts): "this IP is not locked out" for right keys, 1 s;
 * - eventPublicKeys (tickets/signing-key.repository.ts): never stale (a key never changes);
 * - door.devices / door.eventFacts (checkin/checkin.service.ts): 5 s each; every scan
 *   statement re-checks the device key in the database;
 * - stations.stations (stations/stations.service.ts): 5 s; every payment re-checks the station;
 * - stations.braceletClocks (same file): 60 s; a payment judged on it is applied only if the
 *   locked bracelet is still the same (station_pay_batch), so it is never stale for a write.
 */
export function createAppCaches(config: Pick<Config, 'PUBLIC_CACHE_MS'>) {
  const keyGuard = createKeyGuardState();
  const eventPublicKeys = createEventPublicKeyCache();
  return {
    publicEvents: createPublicEventCaches(config.PUBLIC_CACHE_MS),
    saleFacts: createSaleFactsCache(config.PUBLIC_CACHE_MS),
    keyGuard,
    eventPublicKeys,
    door: createDoorCaches(keyGuard, eventPublicKeys),
    stations: createStationCache(),
  };
}

export type AppCaches = ReturnType<typeof createAppCaches>;
