import { useEffect, useRef } from 'react';
import { FormError } from '../../../components/form-error';

/**
 * The API's refusal at the top of a long dialog, brought into view when it arrives (the
 * dialog scrolls inside; the person pressed a button at its bottom).
 */
export function VisibleError({ message }: { message: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [message]);
  return (
    <div ref={ref} className={message ? '' : 'hidden'}>
      <FormError message={message} />
    </div>
  );
}
