import { isAdmittingStatus } from '@bilheteira/shared/ticket-status';
import type { CustomerTicketView } from '@bilheteira/shared/schemas/tickets';

/** The days of `ticket.period_days` (JSON text of a list of dates, spec §3). */
export function periodDays(ticket: CustomerTicketView): string[] {
  try {
    const v: unknown = JSON.parse(ticket.ticket.period_days);
    return Array.isArray(v) ? v.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}

/** Spec §2: the history modal is for tickets with more than one period day. */
export const isMultiDay = (ticket: CustomerTicketView): boolean => periodDays(ticket).length > 1;

/** Spec §4: valid or soon/waiting shows the QR and the transfer button. */
export const showsQr = (status: string): boolean => isAdmittingStatus(status);

/** Only a valid, never-used ticket can be transferred (the server checks it again). */
export const canTransfer = (status: string, checkins: number): boolean => showsQr(status) && checkins === 0;
