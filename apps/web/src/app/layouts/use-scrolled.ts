import { HEADER_SCROLL_THRESHOLD_PX } from '@bilheteira/shared/constants';
import { useEffect, useState } from 'react';

/** True once the page is scrolled past the header threshold (spec §9: 50 px). */
export function useScrolled(threshold = HEADER_SCROLL_THRESHOLD_PX): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}
