import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PayoutEventResponse, PayoutListResponse } from '@bilheteira/shared/schemas/backoffice-payouts';
import { api, apiDownload, saveFile } from '../../lib/api';

/** A period as the API reads it: days (YYYY-MM-DD), both included; empty: open on that side. */
export interface Period {
  from: string;
  to: string;
}

const periodQuery = (p: Period) => ({ from: p.from || undefined, to: p.to || undefined });

/** The organiser's events with their payout in the period, and the totals. */
export function usePayouts(organizerId: number, period: Period) {
  // the labels come in the reader's language: another language is another answer
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['payouts', organizerId, period, i18n.language],
    queryFn: () =>
      api<PayoutListResponse['data']>(`/organizers/${organizerId}/payouts`, { query: periodQuery(period) }),
    enabled: organizerId > 0,
    placeholderData: keepPreviousData,
  });
}

/** One event's payout in the period, as labelled lines. */
export function useEventPayout(organizerId: number, eventId: number, period: Period) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['payouts', organizerId, 'event', eventId, period, i18n.language],
    queryFn: () =>
      api<PayoutEventResponse['data']>(`/organizers/${organizerId}/payouts/events/${eventId}`, {
        query: periodQuery(period),
      }),
    enabled: organizerId > 0 && eventId > 0,
    placeholderData: keepPreviousData,
  });
}

/** Downloads the period's CSV (every event, or one). */
export function usePayoutExport(organizerId: number) {
  return useMutation({
    mutationFn: async ({ period, eventId }: { period: Period; eventId?: number }) => {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries({ ...periodQuery(period), event_id: eventId }))
        if (v !== undefined) qs.set(k, String(v));
      saveFile(await apiDownload(`/organizers/${organizerId}/payouts/export${qs.size ? `?${qs}` : ''}`));
    },
  });
}
