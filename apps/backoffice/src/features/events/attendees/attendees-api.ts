import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Attendee,
  AttendeeExportFormat,
  AttendeeListResponse,
} from '@bilheteira/shared/schemas/backoffice-attendees';
import { ATTENDEES_PER_PAGE } from '@bilheteira/shared/schemas/backoffice-attendees';
import { apiDownload, apiEnvelope, saveFile } from '../../../lib/api';

export type { Attendee, AttendeeExportFormat };

export interface AttendeeFilterValues {
  q: string;
  /** 0: every type / session */
  ticketTypeId: number;
  sessionId: number;
  status: 'all' | 'active' | 'canceled';
  checkedIn: 'all' | 'yes' | 'no';
}

const base = (organizerId: number, eventId: number) =>
  `/organizers/${organizerId}/events/${eventId}/attendees`;

const filterQuery = (f: AttendeeFilterValues) => ({
  q: f.q || undefined,
  ticket_type_id: f.ticketTypeId || undefined,
  session_id: f.sessionId || undefined,
  status: f.status,
  checked_in: f.checkedIn,
});

/** One page of the event's attendees after ticket id `after` (0: the first page). */
export function useAttendees(organizerId: number, eventId: number, f: AttendeeFilterValues, after: number) {
  return useQuery({
    queryKey: ['attendees', organizerId, eventId, f, after],
    queryFn: async (): Promise<AttendeeListResponse> => {
      const res = await apiEnvelope<Attendee[]>(base(organizerId, eventId), {
        query: { ...filterQuery(f), per_page: ATTENDEES_PER_PAGE, after: after || undefined },
      });
      // a keyset page: its meta names the next page's start, not page numbers
      return { data: res.data, meta: res.meta as unknown as AttendeeListResponse['meta'] };
    },
    placeholderData: keepPreviousData,
    enabled: organizerId > 0 && eventId > 0,
  });
}

/** The list with these filters as a CSV or XLSX file, headings in the reader's language. */
export async function downloadAttendees(
  organizerId: number,
  eventId: number,
  f: AttendeeFilterValues,
  format: AttendeeExportFormat,
) {
  const query = new URLSearchParams({ format });
  for (const [k, v] of Object.entries(filterQuery(f))) if (v !== undefined) query.set(k, String(v));
  saveFile(await apiDownload(`${base(organizerId, eventId)}/export?${query}`));
}
