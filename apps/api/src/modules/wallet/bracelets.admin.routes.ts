/**
 * A bracelet of an event in the back office's bar step: found by NFC UID or printed code, its
 * history, blocked or unblocked; under /api/backoffice/organizers/:organizerId/events/:eventId/
 * bracelets/… (all need `bar.manage`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@bilheteira/shared/schemas/common';
import {
  braceletDetailResponse,
  braceletHistoryQuery,
  braceletHistoryResponse,
  braceletLookupQuery,
} from '@bilheteira/shared/schemas/backoffice-bar-products';
import { translate } from '../../i18n/messages';
import { staffAuditActor } from '../../plugins/http-helpers';
import { BACKOFFICE_TAGS, eventParams } from '../events/events.admin.http';
import { braceletHistory, findEventBraceletDetail, setEventBraceletBlocked } from './bracelets.admin.service';
import './bracelets.admin.messages';

const BASE = '/backoffice/organizers/:organizerId/events/:eventId/bracelets';
const braceletParams = z.object({ organizerId: idParam, eventId: idParam, braceletId: idParam });

const braceletsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const manager = app.requireStaff({ permission: 'bar.manage' });
  const ref = (p: { organizerId: number; eventId: number }) => ({
    organizerId: p.organizerId,
    eventId: p.eventId,
  });

  app.get(
    `${BASE}/lookup`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "A bracelet of the event by NFC UID or printed code: status, holder's first name, balance",
        params: eventParams,
        querystring: braceletLookupQuery,
        response: { 200: braceletDetailResponse },
      },
    },
    async (req) => ({ data: await findEventBraceletDetail(app.db, ref(req.params), req.query.ref) }),
  );

  app.get(
    `${BASE}/:braceletId/transactions`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "The bracelet's wallet ledger, newest first, 50 a page (keyset: before_at, before_id)",
        params: braceletParams,
        querystring: braceletHistoryQuery,
        response: { 200: braceletHistoryResponse },
      },
    },
    async (req) =>
      braceletHistory(
        app.db,
        ref(req.params),
        req.params.braceletId,
        req.query.before_at && req.query.before_id
          ? { at: new Date(req.query.before_at), id: req.query.before_id }
          : undefined,
        req.locale,
      ),
  );

  for (const [action, blocked] of [
    ['block', true],
    ['unblock', false],
  ] as const)
    app.post(
      `${BASE}/:braceletId/${action}`,
      {
        preValidation: manager,
        schema: {
          tags: BACKOFFICE_TAGS,
          summary: blocked
            ? 'Blocks the bracelet: tills refuse it for anything after now (its balance stays)'
            : 'Makes a blocked bracelet active again',
          params: braceletParams,
          response: { 200: braceletDetailResponse },
        },
      },
      async (req) => ({
        data: await setEventBraceletBlocked(
          app.db,
          ref(req.params),
          req.params.braceletId,
          blocked,
          staffAuditActor(req),
          new Date(),
        ),
        message: translate(
          req.locale,
          blocked ? 'backoffice_bracelet.blocked' : 'backoffice_bracelet.unblocked',
        ),
      }),
    );
};
export default braceletsAdminRoutes;
