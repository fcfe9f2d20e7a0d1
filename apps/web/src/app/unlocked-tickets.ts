import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventDetail } from '@bilheteira/shared/schemas/events';
import type { AccessUnlockView } from '@bilheteira/shared/schemas/pricing';
import { ApiError } from '../lib/api-client';
import { unlockAccessCode } from '../features/checkout/api/codes';
import { readEventCodes, saveEventCode } from '../features/checkout/lib/event-codes';

/** The event as the page shows it with the hidden ticket types a code unlocked. */
export function withUnlocked(event: EventDetail, unlocked: AccessUnlockView | null): EventDetail {
  if (!unlocked?.ticket_types.length) return event;
  const known = new Set(event.ticket_types.map((x) => x.id));
  return {
    ...event,
    ticket_types: [...event.ticket_types, ...unlocked.ticket_types.filter((x) => !known.has(x.id))],
    sessions: event.sessions.map((s) => ({
      ...s,
      availability: {
        ...s.availability,
        ...(unlocked.sessions.find((u) => u.id === s.id)?.availability ?? {}),
      },
    })),
  };
}

/**
 * The access code of an event page: applies a code (the server says which hidden types it
 * unlocks, or why not), keeps it for the tab so the cart lines and the order carry it, and
 * unlocks again on the next visit of the page.
 */
export function useUnlockedTickets(event: EventDetail) {
  const { t } = useTranslation('catalog');
  const [unlocked, setUnlocked] = useState<AccessUnlockView | null>(null);
  useEffect(() => {
    const code = readEventCodes(event.id).access;
    if (!code) return;
    let live = true;
    unlockAccessCode(event.id, code, event.slug)
      .then((res) => live && setUnlocked(res.data))
      .catch(() => saveEventCode(event.id, 'access', null));
    return () => {
      live = false;
    };
  }, [event.id, event.slug]);

  const apply = useCallback(
    async (code: string) => {
      try {
        const res = await unlockAccessCode(event.id, code, event.slug);
        if (!res.data.ticket_types.length) return { ok: false, message: t('tickets.access_none') };
        setUnlocked(res.data);
        saveEventCode(event.id, 'access', res.data.code);
        const names = res.data.ticket_types.map((x) => x.name).join(', ');
        return { ok: true, message: t('tickets.access_unlocked', { code: res.data.code, names }) };
      } catch (err) {
        return { ok: false, message: err instanceof ApiError ? err.message : t('tickets.access_none') };
      }
    },
    [event.id, event.slug, t],
  );
  const shown = useMemo(() => withUnlocked(event, unlocked), [event, unlocked]);
  return { shown, unlocked, apply };
}
