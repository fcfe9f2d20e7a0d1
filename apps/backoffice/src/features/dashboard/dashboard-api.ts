import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardSnapshot, type DashboardSnapshot } from '@bilheteira/shared/schemas/backoffice-dashboard';
import { api } from '../../lib/api';

export type { DashboardSnapshot };

/** connecting: the stream is opening; live: it answers; offline: it gave up (the figures poll instead). */
export type LiveState = 'connecting' | 'live' | 'offline';

/** While the stream is down the figures are read again this often. */
const POLL_WHEN_OFFLINE_MS = 30_000;

const path = (organizerId: number, eventId: number) =>
  `/organizers/${organizerId}/events/${eventId}/dashboard`;
const dashboardKey = (organizerId: number, eventId: number) => ['dashboard', organizerId, eventId] as const;

/**
 * The event's figures, kept live: read once, then replaced in place by every snapshot the
 * server pushes on `…/dashboard/stream` (EventSource, the session cookie authenticates it).
 * EventSource reconnects by itself after a dropped connection; when the server refuses the
 * stream (session gone, too many open) it stays closed and the figures are polled instead.
 */
export function useLiveDashboard(organizerId: number, eventId: number) {
  const client = useQueryClient();
  const key = dashboardKey(organizerId, eventId);
  const [live, setLive] = useState<LiveState>('connecting');
  const query = useQuery({
    queryKey: key,
    queryFn: () => api<DashboardSnapshot>(path(organizerId, eventId)),
    enabled: organizerId > 0 && eventId > 0,
    refetchInterval: live === 'offline' ? POLL_WHEN_OFFLINE_MS : false,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (!(organizerId > 0 && eventId > 0) || typeof EventSource === 'undefined') {
      setLive('offline');
      return;
    }
    setLive('connecting');
    const source = new EventSource(`/api/backoffice${path(organizerId, eventId)}/stream`);
    source.addEventListener('open', () => setLive('live'));
    source.addEventListener('snapshot', (e) => {
      const parsed = dashboardSnapshot.safeParse(JSON.parse((e as MessageEvent<string>).data));
      if (!parsed.success) return;
      client.setQueryData(dashboardKey(organizerId, eventId), parsed.data);
      setLive('live');
    });
    source.addEventListener('error', () =>
      setLive(source.readyState === EventSource.CLOSED ? 'offline' : 'connecting'),
    );
    return () => source.close();
  }, [client, organizerId, eventId]);

  return { ...query, live };
}
