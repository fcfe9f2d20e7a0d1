import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import * as account from '@bilheteira/shared/schemas/account';
import * as backofficeDashboard from '@bilheteira/shared/schemas/backoffice-dashboard';
import * as backofficeEvents from '@bilheteira/shared/schemas/backoffice-events';
import * as backofficeIntegrations from '@bilheteira/shared/schemas/backoffice-integrations';
import * as backofficeOrders from '@bilheteira/shared/schemas/backoffice-orders';
import * as backofficePaymentRefunds from '@bilheteira/shared/schemas/backoffice-payment-refunds';
import * as backofficePayouts from '@bilheteira/shared/schemas/backoffice-payouts';
import * as backofficeRefunds from '@bilheteira/shared/schemas/backoffice-refunds';
import * as carts from '@bilheteira/shared/schemas/carts';
import * as common from '@bilheteira/shared/schemas/common';
import * as contact from '@bilheteira/shared/schemas/contact';
import * as customers from '@bilheteira/shared/schemas/customers';
import * as events from '@bilheteira/shared/schemas/events';
import * as integrationsV1 from '@bilheteira/shared/schemas/integrations-v1';
import * as orders from '@bilheteira/shared/schemas/orders';
import * as organizerRequests from '@bilheteira/shared/schemas/organizer-requests';
import * as payments from '@bilheteira/shared/schemas/payments';
import * as tickets from '@bilheteira/shared/schemas/tickets';
import * as wallet from '@bilheteira/shared/schemas/wallet';
import { declaredErrorSpecs } from '../lib/errors';

/** The shared schema modules whose exported schemas become named components. */
const sharedSchemaModules: Record<string, Record<string, unknown>> = {
  account,
  backofficeDashboard,
  backofficeEvents,
  backofficeIntegrations,
  backofficeOrders,
  backofficePaymentRefunds,
  backofficePayouts,
  backofficeRefunds,
  carts,
  common,
  contact,
  customers,
  events,
  integrationsV1,
  orders,
  organizerRequests,
  payments,
  tickets,
  wallet,
};

export const ERROR_SCHEMA_ID = 'ErrorResponse';

/**
 * The 4xx answers every API route may give (DESIGN.md §3), each with the shared error shape.
 * The codes listed are the framework's own plus every business error the modules declare
 * (`defineErrors` in `<module>.errors.ts`).
 */
const ERROR_STATUSES: Record<number, { title: string; codes: string[] }> = {
  400: { title: 'Invalid input', codes: ['validation_failed', 'bad_request'] },
  401: { title: 'No session, or an expired one', codes: ['unauthorized'] },
  403: { title: 'Not allowed', codes: ['forbidden'] },
  404: { title: 'Not found (also another customer’s resource)', codes: ['not_found', 'route_not_found'] },
  409: { title: 'Conflict with the current state', codes: [] },
  422: { title: 'A business rule refuses the request', codes: [] },
  429: { title: 'Rate limit reached', codes: ['rate_limited'] },
};

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** exported shared schema → its component name (export name in PascalCase) */
function sharedSchemaNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  const taken = new Set<string>();
  for (const [moduleName, exports] of Object.entries(sharedSchemaModules)) {
    for (const [exportName, value] of Object.entries(exports)) {
      if (!(value instanceof z.ZodType) || names.has(value)) continue;
      let id = pascal(exportName);
      if (taken.has(id)) id = pascal(moduleName) + id;
      taken.add(id);
      names.set(value, id);
    }
  }
  return names;
}

type OpenApiDocument = {
  paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  [key: string]: unknown;
};

/** Adds the 4xx answers, with the shared error shape, to every operation that lacks them. */
function declareErrorResponses(document: OpenApiDocument): OpenApiDocument {
  const codes = new Map<number, Set<string>>();
  for (const [status, { codes: base }] of Object.entries(ERROR_STATUSES))
    codes.set(Number(status), new Set(base));
  for (const spec of declaredErrorSpecs()) codes.get(spec.status)?.add(spec.code);
  const responses = Object.fromEntries(
    Object.entries(ERROR_STATUSES).map(([status, { title }]) => {
      const list = [...codes.get(Number(status))!].sort();
      return [
        status,
        {
          description: list.length ? `${title}. Codes: ${list.join(', ')}.` : `${title}.`,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA_ID}` } } },
        },
      ];
    }),
  );
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith('/api')) continue;
    for (const operation of Object.values(operations)) {
      if (typeof operation !== 'object' || operation === null || !('responses' in operation)) continue;
      operation.responses = { ...responses, ...operation.responses };
    }
  }
  return document;
}

/**
 * The API document at /api/docs (UI) and /api/docs/json, generated from the routes' zod
 * schemas: the exported schemas of `packages/shared` that routes answer with are named
 * components (`components.schemas`; request bodies stay inline, so their fields are listed
 * in place — the fuzz and authorisation tests read them there), and every operation declares its 4xx
 * answers with the shared error shape, so a typed client can be generated from it. Only the
 * document changes: validation and serialisation use the routes' schemas as before.
 */
export const openApiPlugin = fp(async (app) => {
  const registry = z.registry<{ id?: string }>();
  const names = sharedSchemaNames();
  const name = (schema: unknown) => {
    if (!(schema instanceof z.ZodType) || registry.has(schema)) return;
    const id = names.get(schema);
    if (id) registry.add(schema, { id });
  };
  registry.add(common.errorResponse, { id: ERROR_SCHEMA_ID });
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as { response?: Record<string, unknown> } | undefined;
    if (!schema) return;
    for (const response of Object.values(schema.response ?? {})) name(response);
  });

  const transformObject = createJsonSchemaTransformObject({ schemaRegistry: registry });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Bilheteira API', version: '1.0.0', description: 'Tickets and cashless wallet' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          deviceKey: { type: 'apiKey', in: 'header', name: 'X-Device-Key' },
          stationKey: { type: 'apiKey', in: 'header', name: 'X-Station-Key' },
          organizerApiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'bhk_…',
            description: "An organiser's API key, made in the back office (Integrations) with its scopes",
          },
        },
      },
    },
    transform: createJsonSchemaTransform({ schemaRegistry: registry }),
    transformObject: (document) =>
      declareErrorResponses(transformObject(document) as OpenApiDocument) as ReturnType<
        typeof transformObject
      >,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
