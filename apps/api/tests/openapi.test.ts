import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredErrorSpecs } from '../src/lib/errors';
import { createTestApp, type TestApp } from './helpers';

type Operation = { responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject('/api/docs/json');
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

const ERROR_STATUSES = ['400', '401', '403', '404', '409', '422', '429'];
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op })),
  );

describe('OpenAPI document (a typed client can be generated from it)', () => {
  it('names the main schemas as components', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'ErrorResponse',
        'EventDetailResponse',
        'EventListResponse',
        'CartResponse',
        'OrderResponse',
        'PayOrderResponse',
        'PaymentStatusResponse',
        'TicketsResponse',
        'WalletEventResponse',
        'CheckinResponse',
        'StationBatchResponse',
        'SessionResponse',
        'AdminOrderListResponse',
        'AdminOrderResponse',
        'AdminRefundListResponse',
        'RefundDecisionResponse',
      ]),
    );
    expect(doc.paths['/api/orders']!.post!.responses['201']!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/OrderResponse',
    });
    // Request bodies stay inline: their fields are read in place (bad-input-fuzz, authz-matrix).
    const body = (
      doc.paths['/api/orders']!.post! as unknown as {
        requestBody: { content: Record<string, { schema: { properties?: object } }> };
      }
    ).requestBody.content['application/json']!.schema;
    expect(Object.keys(body.properties ?? {})).toContain('items');
  });

  it('declares every route’s 4xx answers with the shared error shape', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(40);
    for (const { path, method, op } of ops) {
      for (const status of ERROR_STATUSES) {
        const schema = op.responses[status]?.content?.['application/json']?.schema;
        expect(schema, `${method.toUpperCase()} ${path} ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorResponse',
        });
      }
    }
  });

  it('lists each declared business error code under its status', () => {
    const { responses } = doc.paths['/api/orders']!.post! as unknown as {
      responses: Record<string, { description: string }>;
    };
    const specs = declaredErrorSpecs().filter((s) => ERROR_STATUSES.includes(String(s.status)));
    expect(specs.length).toBeGreaterThan(10);
    for (const spec of specs) expect(responses[String(spec.status)]!.description).toContain(spec.code);
  });

  it('every reference points to a component', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"#\/components\/schemas\/[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) {
      const id = ref.slice('"$ref":"#/components/schemas/'.length, -1);
      expect(doc.components.schemas, ref).toHaveProperty([id]);
    }
  });
});
