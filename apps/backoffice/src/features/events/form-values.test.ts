// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createEventBody, createTicketTypeBody } from '@bilheteira/shared/schemas/backoffice-events';
import { eventBody, eventFieldOf, newEventValues } from './event-form-values';
import { bpToPercent, centsToEuros, eurosToCents, percentToBp } from './money';
import { ticketTypeBody, ticketTypeValues } from './ticket-type-values';
import { daysBetween, fromLocalInput, toLocalInput } from './zoned';

describe('money as people type it', () => {
  it('reads euros with a comma or a point into cents, and back', () => {
    expect(eurosToCents('45')).toBe(4500);
    expect(eurosToCents('45,5')).toBe(4550);
    expect(eurosToCents(' 1 234.05 € ')).toBe(123405);
    expect(eurosToCents('')).toBeUndefined();
    expect(eurosToCents('12,345')).toBe('12,345');
    expect(eurosToCents('-3')).toBe('-3');
    expect(centsToEuros(4550)).toBe('45,50');
    expect(centsToEuros(5)).toBe('0,05');
  });

  it('reads percentages into basis points', () => {
    expect(percentToBp('4,5')).toBe(450);
    expect(percentToBp('10 %')).toBe(1000);
    expect(percentToBp('abc')).toBe('abc');
    expect(bpToPercent(450)).toBe('4,5');
  });
});

describe("times in the event's zone", () => {
  it('turns a wall clock in Lisbon or the Azores into the instant, and back', () => {
    expect(fromLocalInput('2027-07-10T21:00', 'Europe/Lisbon')).toBe('2027-07-10T20:00:00.000Z');
    expect(fromLocalInput('2027-01-10T21:00', 'Atlantic/Azores')).toBe('2027-01-10T22:00:00.000Z');
    expect(toLocalInput('2027-07-10T20:00:00.000Z', 'Europe/Lisbon')).toBe('2027-07-10T21:00');
    expect(fromLocalInput('', 'Europe/Lisbon')).toBeNull();
    expect(daysBetween('2027-12-30', '2028-01-02')).toEqual([
      '2027-12-30',
      '2027-12-31',
      '2028-01-01',
      '2028-01-02',
    ]);
  });
});

describe('form values → the API body, checked by the shared schema', () => {
  it('makes a valid create body, and the schema refuses what the server would', () => {
    const v = {
      ...newEventValues('info@festival.pt'),
      name: 'Festival',
      address: 'Parque',
      starts_at: '2027-07-10T16:00',
      ends_at: '2027-07-12T23:00',
      service_fee_percent: '4,5',
      latitude: '40,2',
      longitude: '-8,4',
      embed_origins: 'https://www.festival.pt\n',
    };
    const ok = createEventBody.safeParse(eventBody(v));
    expect(ok.success).toBe(true);
    expect(ok.data).toMatchObject({
      service_fee_bp: 450,
      latitude: 40.2,
      embed_origins: ['https://www.festival.pt'],
    });
    const bad = createEventBody.safeParse(eventBody({ ...v, ends_at: '2027-07-09T10:00' }));
    expect(bad.error?.issues.map((i) => [eventFieldOf(i.path.join('.')), i.message])).toEqual([
      ['ends_at', 'backoffice_events.ends_before'],
    ]);
  });

  it('sends a ticket price in cents, and leaves out an unchanged price of a type being edited', () => {
    const values = {
      ...ticketTypeValues(null, 'Europe/Lisbon', ['2027-07-10']),
      name: 'Passe',
      price: '95',
      quantity: '100',
    };
    const body = createTicketTypeBody.parse(ticketTypeBody(values, 'Europe/Lisbon', null));
    expect(body).toMatchObject({
      price_cents: 9500,
      vat_percent: 6,
      quantity: 100,
      period_days: ['2027-07-10'],
    });
    const sold = {
      ...body,
      id: 1,
      event_id: 1,
      sold: 3,
      reserved: 0,
      description: '',
      translations: {},
      vat_percent: 6,
    };
    const edit = ticketTypeBody(values, 'Europe/Lisbon', sold as never);
    expect(edit).not.toHaveProperty('price_cents');
  });
});
