import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope, idParam } from '@bilheteira/shared/schemas/common';
import {
  accessCodeBody,
  accessCodePatch,
  accessCodeView,
  promoCodeBody,
  promoCodePatch,
  promoCodeView,
} from '@bilheteira/shared/schemas/pricing';
import { translate } from '../../i18n/messages';
import {
  accessCodesOf,
  changeAccessCode,
  changePromoCode,
  createAccessCode,
  createPromoCode,
  promoCodesOf,
  removeAccessCode,
  removePromoCode,
  type EventScope,
} from './pricing.service';
import './pricing.messages';

const TAGS = ['backoffice'];
export const BASE = '/backoffice/organizers/:organizerId/events/:eventId';
export const eventParams = z.object({ organizerId: idParam, eventId: idParam });
const codeParams = eventParams.extend({ codeId: idParam });
const done = envelope(z.object({ message: z.string() }));

export const scopeOf = (req: FastifyRequest): EventScope => {
  const params = req.params as z.output<typeof eventParams>;
  return { organizerId: params.organizerId, eventId: params.eventId, userId: req.staff!.user.id };
};

/**
 * Promo codes and access codes of an organiser's event (issue 26 item 4). Every
 * route needs `events.edit` in the route's organiser (door staff cannot change prices); another
 * organiser's event or code answers 404.
 */
const pricingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const editor = app.requireStaff({ permission: 'events.edit' });

  app.get(
    `${BASE}/promo-codes`,
    {
      preValidation: editor,
      schema: {
        tags: TAGS,
        summary: "The event's promo codes with their uses",
        params: eventParams,
        response: { 200: envelope(z.array(promoCodeView)) },
      },
    },
    async (req) => ({ data: await promoCodesOf(app.db, scopeOf(req)) }),
  );

  app.post(
    `${BASE}/promo-codes`,
    {
      preValidation: editor,
      schema: {
        tags: TAGS,
        summary: 'Creates a promo code: a percentage or an amount off each ticket it covers',
        params: eventParams,
        body: promoCodeBody,
        response: { 201: envelope(promoCodeView) },
      },
    },
    async (req, reply) => {
      const data = await createPromoCode(app.db, scopeOf(req), req.body);
      return reply.code(201).send({ data, message: translate(req.locale, 'pricing.saved') });
    },
  );

  app.patch(
    `${BASE}/promo-codes/:codeId`,
    {
      preValidation: editor,
      schema: {
        tags: TAGS,
        summary: "Changes a promo code's value, types, validity or limits",
        params: codeParams,
        body: promoCodePatch,
        response: { 200: envelope(promoCodeView) },
      },
    },
    async (req) => ({
      data: await changePromoCode(app.db, scopeOf(req), req.params.codeId, req.body),
      message: translate(req.locale, 'pricing.saved'),
    }),
  );

  app.delete(
    `${BASE}/promo-codes/:codeId`,
    {
      preValidation: editor,
      schema: {
        tags: TAGS,
        summary: 'Deletes a promo code no order used (409 code_in_use otherwise: end its validity)',
        params: codeParams,
        response: { 200: done },
      },
    },
    async (req) => {
      await removePromoCode(app.db, scopeOf(req), req.params.codeId);
      return { data: { message: translate(req.locale, 'pricing.deleted') } };
    },
  );

  app.get(
    `${BASE}/access-codes`,
    {
      preValidation: editor,
      schema: {
        tags: TAGS,
        summary: "The event's access codes (they unlock hidden ticket types)",
        params: eventParams,
        response: { 200: envelope(z.array(accessCodeView)) },
      },
    },
    async (req) => ({ data: await accessCodesOf(app.db, scopeOf(req)) }),
  );

  app.post(
    `${BASE}/access-codes`,
    {
      preValidation: editor,
      schema: {
        tags: TAGS,
        summary: 'Creates an access code that unlocks hidden ticket types',
        params: eventParams,
        body: accessCodeBody,
        response: { 201: envelope(accessCodeView) },
      },
    },
    async (req, reply) => {
      const data = await createAccessCode(app.db, scopeOf(req), req.body);
      return reply.code(201).send({ data, message: translate(req.locale, 'pricing.saved') });
    },
  );

  app.patch(
    `${BASE}/access-codes/:codeId`,
    {
      preValidation: editor,
      schema: {
        tags: TAGS,
        summary: "Changes an access code's types, validity or limit",
        params: codeParams,
        body: accessCodePatch,
        response: { 200: envelope(accessCodeView) },
      },
    },
    async (req) => ({
      data: await changeAccessCode(app.db, scopeOf(req), req.params.codeId, req.body),
      message: translate(req.locale, 'pricing.saved'),
    }),
  );

  app.delete(
    `${BASE}/access-codes/:codeId`,
    {
      preValidation: editor,
      schema: {
        tags: TAGS,
        summary: 'Deletes an access code no order used',
        params: codeParams,
        response: { 200: done },
      },
    },
    async (req) => {
      await removeAccessCode(app.db, scopeOf(req), req.params.codeId);
      return { data: { message: translate(req.locale, 'pricing.deleted') } };
    },
  );
};

export default pricingAdminRoutes;
