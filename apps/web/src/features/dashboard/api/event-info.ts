import { queryOptions, useMutation } from '@tanstack/react-query';
import type { EventInfo, OrganizerMessageBody } from '@bilheteira/shared/schemas/account';
import { api } from '../../../lib/api-client';

/** GET /api/customers/events/:id — the info area of one of the customer's events. */
export const eventInfoQuery = (eventId: number) =>
  queryOptions({
    queryKey: ['customer-events', 'info', eventId],
    queryFn: async ({ signal }) =>
      (await api<{ data: EventInfo }>(`/customers/events/${eventId}`, { signal })).data,
  });

/** GET /api/customers/events/:id/calendar — the .ics text, saved as a file by the browser. */
export async function downloadCalendar(eventId: number, filename: string): Promise<void> {
  const ics = await api<string>(`/customers/events/${eventId}/calendar`, {
    headers: { Accept: 'text/calendar' },
  });
  saveFile(typeof ics === 'string' ? ics : String(ics), filename, 'text/calendar;charset=utf-8');
}

/** Triggers a browser download of a text file. */
export function saveFile(content: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** POST /api/customers/events/:id/message — a message to the organiser (errors shown by the form). */
export function useSendOrganizerMessage(eventId: number) {
  return useMutation({
    mutationFn: (body: OrganizerMessageBody) =>
      api<{ data: { message: string } }>(`/customers/events/${eventId}/message`, {
        json: body,
        skipErrorHandler: true,
      }),
  });
}
