import { describe, expect, it } from 'vitest';
import {
  CHECKIN_RESULT,
  TICKET_STATUS,
  admissionKey,
  customerTicketStatus,
  doorDecision,
  eventDay,
  ticketTypeSaleStatus,
  ticketValidity,
  type CustomerTicketFacts,
} from './ticket-status';

const tz = 'Europe/Lisbon';
const days = ['2026-07-10', '2026-07-11', '2026-07-12'];
const pass = ticketValidity({
  periodDays: days,
  sessionDate: null,
  eventStartsAt: new Date('2026-07-10T15:00:00Z'),
  eventEndsAt: new Date('2026-07-13T01:00:00Z'),
  timezone: tz,
});
const facts = (over: Partial<CustomerTicketFacts> = {}): CustomerTicketFacts => ({
  state: 'active',
  eventStatus: 'published',
  eventEndsAt: new Date('2026-07-13T01:00:00Z'),
  timezone: tz,
  validity: pass,
  checkinDays: [],
  ...over,
});
// Lisbon is UTC+1 in July: 11:00Z is noon local.
const at = (day: string, hhmm = '11:00') => new Date(`${day}T${hhmm}:00Z`);

describe('ticketValidity', () => {
  it('reads period_days as a per-day pass when it holds several days', () => {
    expect(pass).toEqual({ days, perDay: true });
  });
  it('uses the session date, else the event days with one admission', () => {
    const s = ticketValidity({
      periodDays: [],
      sessionDate: '2026-05-02',
      eventStartsAt: new Date(),
      eventEndsAt: new Date(),
      timezone: tz,
    });
    expect(s).toEqual({ days: ['2026-05-02'], perDay: false });
    const concert = ticketValidity({
      periodDays: [],
      sessionDate: null,
      eventStartsAt: new Date('2026-11-20T21:00:00Z'),
      eventEndsAt: new Date('2026-11-21T01:00:00Z'),
      timezone: tz,
    });
    expect(concert).toEqual({ days: ['2026-11-20'], perDay: false });
  });
  it('ignores malformed days', () => {
    const v = ticketValidity({
      periodDays: ['x', '2026-01-01'],
      sessionDate: null,
      eventStartsAt: new Date(),
      eventEndsAt: new Date(),
      timezone: tz,
    });
    expect(v.days).toEqual(['2026-01-01']);
  });
});

describe('eventDay', () => {
  it('counts the small hours as the night before (cut-off 06:00 local)', () => {
    expect(eventDay(new Date('2026-07-11T00:30:00Z'), tz)).toBe('2026-07-10');
    expect(eventDay(new Date('2026-07-11T05:30:00Z'), tz)).toBe('2026-07-11');
  });
});

describe('customerTicketStatus', () => {
  it('covers every customer ticket state', () => {
    expect(customerTicketStatus(facts(), at('2026-07-01'))).toBe(TICKET_STATUS.waiting);
    expect(customerTicketStatus(facts(), at('2026-07-10'))).toBe(TICKET_STATUS.valid);
    expect(customerTicketStatus(facts({ checkinDays: ['2026-07-10'] }), at('2026-07-10'))).toBe(
      TICKET_STATUS.used,
    );
    expect(customerTicketStatus(facts({ checkinDays: ['2026-07-10'] }), at('2026-07-11'))).toBe(
      TICKET_STATUS.valid,
    );
    expect(customerTicketStatus(facts(), at('2026-07-14'))).toBe(TICKET_STATUS.expiredNotUsed);
    expect(customerTicketStatus(facts({ checkinDays: ['2026-07-11'] }), at('2026-07-14'))).toBe(
      TICKET_STATUS.expiredUsed,
    );
    expect(customerTicketStatus(facts({ state: 'canceled' }), at('2026-07-10'))).toBe(TICKET_STATUS.canceled);
    expect(customerTicketStatus(facts({ eventStatus: 'cancelled' }), at('2026-07-01'))).toBe(
      TICKET_STATUS.canceled,
    );
    const gap = facts({ validity: { days: ['2026-07-10', '2026-07-12'], perDay: true } });
    expect(customerTicketStatus(gap, at('2026-07-11'))).toBe(TICKET_STATUS.notValid);
  });
  it('a single-admission ticket is used after its one entry', () => {
    const single = facts({
      validity: { days: ['2026-07-10', '2026-07-11'], perDay: false },
      checkinDays: ['2026-07-10'],
    });
    expect(customerTicketStatus(single, at('2026-07-11'))).toBe(TICKET_STATUS.used);
  });
  it('is expired once the event has ended even on its last day', () => {
    expect(customerTicketStatus(facts({ eventEndsAt: at('2026-07-12', '09:00') }), at('2026-07-12'))).toBe(
      TICKET_STATUS.expiredNotUsed,
    );
  });
});

describe('ticketTypeSaleStatus', () => {
  const base = {
    eventStatus: 'published',
    eventEndsAt: at('2026-07-13'),
    salesStartAt: null,
    salesEndAt: null,
    available: 5,
  };
  it('covers the sale states', () => {
    expect(ticketTypeSaleStatus(base, at('2026-07-01'))).toBe(TICKET_STATUS.valid);
    expect(ticketTypeSaleStatus({ ...base, available: 0 }, at('2026-07-01'))).toBe(TICKET_STATUS.soldOut);
    expect(ticketTypeSaleStatus({ ...base, salesStartAt: at('2026-07-05') }, at('2026-07-01'))).toBe(
      TICKET_STATUS.waiting,
    );
    expect(ticketTypeSaleStatus({ ...base, salesEndAt: at('2026-06-30') }, at('2026-07-01'))).toBe(
      TICKET_STATUS.expired,
    );
    expect(ticketTypeSaleStatus(base, at('2026-07-14'))).toBe(TICKET_STATUS.expired);
    expect(ticketTypeSaleStatus({ ...base, eventStatus: 'cancelled' }, at('2026-07-01'))).toBe(
      TICKET_STATUS.canceled,
    );
  });
});

describe('doorDecision', () => {
  const door = {
    state: 'active',
    eventStatus: 'published',
    eventEndsAt: new Date('2026-07-13T01:00:00Z'),
    timezone: tz,
    validity: pass,
  };
  it('admits on a day of the period with that day as the admission key', () => {
    expect(doorDecision(door, at('2026-07-11'))).toEqual({ ok: true, day: '2026-07-11' });
  });
  it('refuses a day-2 pass on day 1, and after the end', () => {
    const day2 = { ...door, validity: { days: ['2026-07-11'], perDay: false } };
    expect(doorDecision(day2, at('2026-07-10'))).toEqual({ ok: false, reason: CHECKIN_RESULT.notValidToday });
    expect(doorDecision(door, at('2026-07-14'))).toEqual({ ok: false, reason: CHECKIN_RESULT.notValidToday });
  });
  it('refuses canceled tickets', () => {
    expect(doorDecision({ ...door, state: 'canceled' }, at('2026-07-11'))).toEqual({
      ok: false,
      reason: 'canceled',
    });
  });
  it('gives a single-admission ticket one key whatever the day', () => {
    expect(admissionKey({ days: ['2026-07-10', '2026-07-11'], perDay: false }, '2026-07-11')).toBe(
      '2026-07-10',
    );
  });
});
