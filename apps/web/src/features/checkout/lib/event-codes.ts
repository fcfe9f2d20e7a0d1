/**
 * The codes a buyer typed for an event, kept for the tab's life (sessionStorage): the access
 * code that unlocked hidden tickets goes with their cart lines and the order, the promo code
 * with the order. A code is never kept longer than the tab (a shared computer forgets it).
 */
export interface EventCodes {
  access?: string;
  promo?: string;
}

const key = (eventId: number) => `bilheteira.codes.${eventId}`;

export function readEventCodes(eventId: number): EventCodes {
  try {
    const raw = sessionStorage.getItem(key(eventId));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object') return {};
    const { access, promo } = parsed as Record<string, unknown>;
    return {
      ...(typeof access === 'string' ? { access } : {}),
      ...(typeof promo === 'string' ? { promo } : {}),
    };
  } catch {
    return {};
  }
}

export function saveEventCode(eventId: number, kind: keyof EventCodes, code: string | null): void {
  try {
    const next = { ...readEventCodes(eventId), [kind]: code ?? undefined };
    sessionStorage.setItem(key(eventId), JSON.stringify(next));
  } catch {
    // storage disabled: the code is asked again
  }
}
