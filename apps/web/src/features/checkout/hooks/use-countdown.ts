import { MBWAY_COUNTDOWN_MS } from '@bilheteira/shared/constants';
import { useEffect, useState } from 'react';

/** Time left until `until` (else a full MB WAY countdown), ticking every second, as m:ss. */
export function useCountdown(until: string | null | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const end = until ? new Date(until).getTime() : now + MBWAY_COUNTDOWN_MS;
  const left = Math.max(0, end - now);
  const mm = Math.floor(left / 60_000);
  const ss = Math.floor((left % 60_000) / 1000);
  return { left, label: `${mm}:${String(ss).padStart(2, '0')}` };
}
