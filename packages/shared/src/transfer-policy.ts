/**
 * An event's ticket transfer policy (set in the back office): transfers allowed at all, until
 * how many hours before the doors (the session's start, else the event's), and how many times
 * one ticket may change hands. One rule for the API's refusal and the site's hint.
 */
export interface TransferPolicy {
  allowed: boolean;
  /** null: until the doors open */
  untilHours: number | null;
  /** null: no limit */
  maxCount: number | null;
}

export type TransferRefusal = 'transfers_off' | 'transfer_closed' | 'transfer_limit';

export function transferRefusal(
  policy: TransferPolicy,
  ticket: { doorsAt: Date; transfersSoFar: number },
  now: Date,
): TransferRefusal | null {
  if (!policy.allowed) return 'transfers_off';
  const closesAt = ticket.doorsAt.getTime() - (policy.untilHours ?? 0) * 3_600_000;
  if (policy.untilHours !== null && now.getTime() >= closesAt) return 'transfer_closed';
  if (policy.maxCount !== null && ticket.transfersSoFar >= policy.maxCount) return 'transfer_limit';
  return null;
}
