/**
 * An event's attendees in the back office, under
 * /api/backoffice/organizers/:organizerId/events/:eventId/attendees: the list (keyset pages)
 * and its exports, CSV and XLSX, streamed. Both need `orders.view`: an export holds exactly what
 * the list shows to whoever may read it (holders' names, emails and mobiles; never a ticket's
 * token), so the team that answers attendees at the door (door supervisors, event managers)
 * can print or load it too; every export is written to the audit log (who, which event, the
 * format, the filters and how many rows) when it ends, also when the client left before.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attendeeExportQuery,
  attendeeListQuery,
  attendeeListResponse,
} from '@bilheteira/shared/schemas/backoffice-attendees';
import { staffAuditActor } from '../../plugins/http-helpers';
import { BACKOFFICE_TAGS, eventParams } from '../events/events.admin.http';
import { attendeeExportStream, EXPORT_TYPES, exportFileName } from './attendees-export';
import {
  attendeeBatches,
  auditAttendeeExport,
  exportedEvent,
  listAttendees,
} from './attendees.admin.service';

const BASE = '/backoffice/organizers/:organizerId/events/:eventId/attendees';

const attendeesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const reader = app.requireStaff({ permission: 'orders.view' });

  app.get(
    BASE,
    {
      preValidation: reader,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          "The event's attendees (every ticket issued, its holder, type, session, order and last check-in): search by name, email, mobile, ticket id or order reference; filter by type, session, status, checked in; pages by keyset (after)",
        params: eventParams,
        querystring: attendeeListQuery,
        response: { 200: attendeeListResponse },
      },
    },
    async (req) => listAttendees(app.db, req.params, req.query),
  );

  app.get(
    `${BASE}/export`,
    {
      preValidation: reader,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          'The attendee list (same filters) as a CSV (UTF-8 with BOM; ; between fields in pt-PT and es, , in en) or XLSX file, streamed in constant memory, headings in the X-Locale language; audited',
        params: eventParams,
        querystring: attendeeExportQuery,
      },
    },
    async (req, reply) => {
      const event = await exportedEvent(app.db, req.params);
      const { format, ...filters } = req.query;
      const actor = staffAuditActor(req);
      const stream = attendeeExportStream(format, {
        batches: attendeeBatches(app.db, event.id, filters),
        locale: req.locale,
        timezone: event.timezone,
        // run where the request runs (its audit scope: organiser, event, staff session), though
        // it is called when the stream ends
        done: AsyncLocalStorage.bind(async (rows: number, complete: boolean) => {
          try {
            await auditAttendeeExport(app.db, { actor, eventId: event.id, format, filters, rows, complete });
          } catch (err) {
            req.log.error({ err }, 'attendee export audit failed');
          }
        }),
      });
      const name = exportFileName(req.locale, event.slug, format, new Date());
      return reply
        .header('content-type', EXPORT_TYPES[format])
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};

export default attendeesAdminRoutes;
