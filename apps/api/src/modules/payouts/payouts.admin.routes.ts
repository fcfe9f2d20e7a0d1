/**
 * Payouts in the back office (issue 27 item 7), under
 * /api/backoffice/organizers/:organizerId/payouts: every event of the organiser with its
 * payout in a period, one event's payout as labelled lines, and the CSV of either. All need
 * `finance.view` (owners, admins, finance).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  payoutEventParams,
  payoutEventResponse,
  payoutExportQuery,
  payoutListResponse,
  payoutPeriodQuery,
} from '@bilheteira/shared/schemas/backoffice-payouts';
import { BACKOFFICE_TAGS, organizerParams } from '../events/events.admin.http';
import { payoutsCsv } from './payouts.export';
import {
  addFigures,
  eventPayout,
  eventSummary,
  eventsPayouts,
  organizerPayoutEventsOf,
  organizerPayouts,
} from './payouts.service';

const BASE = '/backoffice/organizers/:organizerId/payouts';

const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const finance = app.requireStaff({ permission: 'finance.view' });

  app.get(
    BASE,
    {
      preValidation: finance,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          "The organiser's events with their payout in a period (days in Europe/Lisbon, both included; none: everything so far) and the totals",
        params: organizerParams,
        querystring: payoutPeriodQuery,
        response: { 200: payoutListResponse },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await organizerPayouts(app.db, req.params.organizerId, req.query, req.locale) };
    },
  );

  app.get(
    `${BASE}/events/:eventId`,
    {
      preValidation: finance,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          "One event's payout in a period: gross ticket sales, service fee and its VAT, online top-ups, refunds, chargebacks, what is owed, and the wallet ledger's figures, each with a label",
        params: payoutEventParams,
        querystring: payoutPeriodQuery,
        response: { 200: payoutEventResponse },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { organizerId, eventId } = req.params;
      return { data: await eventPayout(app.db, organizerId, eventId, req.query, req.locale) };
    },
  );

  app.get(
    `${BASE}/export`,
    {
      preValidation: finance,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          'The payouts of the period as CSV (a download): one row per event (or the one `event_id`) and a total row',
        params: organizerParams,
        querystring: payoutExportQuery,
      },
    },
    async (req, reply) => {
      const { event_id: eventId, ...period } = req.query;
      const events = await organizerPayoutEventsOf(app.db, req.params.organizerId, eventId);
      const rows = await eventsPayouts(app.db, events, period);
      const csv = payoutsCsv(
        rows.map((r) => ({ event: eventSummary(r.event), figures: r.figures })),
        addFigures(rows.map((r) => r.figures)),
        { from: period.from ?? null, to: period.to ?? null },
        req.locale,
      );
      const name = `payouts-${eventId ?? req.params.organizerId}-${period.from ?? 'start'}-${period.to ?? 'now'}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
export default payoutsRoutes;
