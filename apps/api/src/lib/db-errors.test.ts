import { describe, expect, it } from 'vitest';
import {
  hasSqlState,
  isDatabaseUnavailable,
  isUniqueViolation,
  sqlState,
  violatedConstraint,
} from './db-errors';

/** What node-postgres and Drizzle throw when the connection goes, as seen in tests/connection-loss. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
const drizzleWrapped = (cause: unknown) =>
  Object.assign(new Error('Failed query: rollback\nparams: '), { cause });

describe('isDatabaseUnavailable', () => {
  it('is true for a connection the server ended or that never came', () => {
    for (const err of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P02', 'terminating connection due to crash of another server process'),
      pgError('57P03', 'the database system is starting up'),
      pgError('57P05', 'terminating connection due to idle-session timeout'),
      pgError('08006', 'connection failure'),
      pgError('08P01', 'protocol violation'),
      pgError('ECONNRESET', 'read ECONNRESET'),
      pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      // the ROLLBACK Drizzle sends on the dead client fails in its turn
      drizzleWrapped(new Error('Client has encountered a connection error and is not queryable')),
      drizzleWrapped(pgError('57P01', 'terminating connection due to administrator command')),
    ])
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
  });

  it('is false for errors that are the request’s or the code’s', () => {
    for (const err of [
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('22P02', 'invalid input syntax for type integer'),
      pgError('40P01', 'deadlock detected'),
      pgError('57014', 'canceling statement due to statement timeout'),
      drizzleWrapped(pgError('23514', 'new row violates check constraint')),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      undefined,
    ])
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
  });
});

describe('SQLSTATE unwrapping (the one home: errorChain)', () => {
  const check = (constraint: string) =>
    Object.assign(new Error('new row violates check constraint'), { code: '23514', constraint });
  it('reads the code and constraint from the driver error, directly or wrapped by Drizzle', () => {
    expect(sqlState(pgError('23505', 'duplicate key'))).toBe('23505');
    expect(sqlState(drizzleWrapped(pgError('23505', 'duplicate key')))).toBe('23505');
    expect(isUniqueViolation(drizzleWrapped(pgError('23505', 'duplicate key')))).toBe(true);
    expect(violatedConstraint(drizzleWrapped(check('ticket_types_stock')), '23514')).toBe(
      'ticket_types_stock',
    );
    expect(violatedConstraint(check('ticket_types_stock'), '23505')).toBeUndefined();
    expect(
      hasSqlState(drizzleWrapped(pgError('22021', 'invalid byte sequence')), (c) => c.startsWith('22')),
    ).toBe(true);
    expect(sqlState(new Error('plain'))).toBeUndefined();
    expect(sqlState(undefined)).toBeUndefined();
  });
});
