/**
 * Local storage keys of spec §3 in one place. Every read tolerates missing or corrupt
 * values (private mode, manual edits).
 */
export const STORAGE_KEYS = {
  locale: 'locale',
  visitorId: 'visitor_id',
  customerToken: 'customer_token',
  eventSlug: 'event_slug',
  organizer: 'organizer',
  countryCode: 'country_code',
  mbway: 'mbway',
  rememberedLogin: 'remembered_login',
  lastVisit: 'last_visit',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStorage<T>(key: StorageKey, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeStorage(key: StorageKey, value: unknown): void {
  try {
    if (value === undefined || value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the app keeps working without persistence
  }
}
