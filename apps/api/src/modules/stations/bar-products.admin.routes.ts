/**
 * An event's bar products and its stations' menus in the back office, under
 * /api/backoffice/organizers/:organizerId/events/:eventId/… (all need `bar.manage`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@bilheteira/shared/schemas/common';
import {
  createProductBody,
  productResponse,
  productsResponse,
  stationMenuBody,
  stationMenuResponse,
  updateProductBody,
} from '@bilheteira/shared/schemas/backoffice-bar-products';
import { translate } from '../../i18n/messages';
import { staffAuditActor } from '../../plugins/http-helpers';
import { BACKOFFICE_TAGS, eventParams } from '../events/events.admin.http';
import {
  createProduct,
  getStationMenu,
  listProducts,
  setStationMenu,
  updateProduct,
} from './bar-products.admin.service';
import './stations.admin.messages';

const BASE = '/backoffice/organizers/:organizerId/events/:eventId';
const productParams = z.object({ organizerId: idParam, eventId: idParam, productId: idParam });
const stationParams = z.object({ organizerId: idParam, eventId: idParam, stationId: idParam });

const barProductsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const manager = app.requireStaff({ permission: 'bar.manage' });
  const ref = (p: { organizerId: number; eventId: number }) => ({
    organizerId: p.organizerId,
    eventId: p.eventId,
  });

  app.get(
    `${BASE}/products`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "The event's bar products with units sold, spend and what is left of their stock",
        params: eventParams,
        response: { 200: productsResponse },
      },
    },
    async (req) => ({ data: await listProducts(app.db, ref(req.params)) }),
  );

  app.post(
    `${BASE}/products`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Adds a product: name, price with VAT (cents), VAT rate (0, 6, 13, 23), optional stock',
        params: eventParams,
        body: createProductBody,
        response: { 201: productResponse },
      },
    },
    async (req, reply) => {
      const data = await createProduct(app.db, ref(req.params), req.body, staffAuditActor(req));
      return reply.code(201).send({
        data,
        message: translate(req.locale, 'backoffice_bar.product_created', { name: data.name }),
      });
    },
  );

  app.patch(
    `${BASE}/products/:productId`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Changes a product (name, price, VAT rate, stock) or makes it inactive or active',
        params: productParams,
        body: updateProductBody,
        response: { 200: productResponse },
      },
    },
    async (req) => ({
      data: await updateProduct(
        app.db,
        ref(req.params),
        req.params.productId,
        req.body,
        staffAuditActor(req),
        new Date(),
      ),
      message: translate(req.locale, 'backoffice_events.saved'),
    }),
  );

  app.get(
    `${BASE}/stations/:stationId/menu`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "A station's menu: the products it sells, in order",
        params: stationParams,
        response: { 200: stationMenuResponse },
      },
    },
    async (req) => ({ data: await getStationMenu(app.db, ref(req.params), req.params.stationId) }),
  );

  app.put(
    `${BASE}/stations/:stationId/menu`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "Sets a station's menu: the event's products it sells, in the order given",
        params: stationParams,
        body: stationMenuBody,
        response: { 200: stationMenuResponse },
      },
    },
    async (req) => ({
      data: await setStationMenu(
        app.db,
        ref(req.params),
        req.params.stationId,
        req.body.product_ids,
        staffAuditActor(req),
      ),
      message: translate(req.locale, 'backoffice_bar.menu_saved'),
    }),
  );
};
export default barProductsAdminRoutes;
