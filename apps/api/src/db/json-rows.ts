import { getTableColumns, type InferSelectModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Turns a row that PostgreSQL serialised as JSON (`row_to_json(t)`, `json_agg(t)`) into the
 * row Drizzle would have answered for `db.select().from(table)`: snake_case columns to the
 * schema's keys, timestamps to Date. Lets one statement read several tables at once (one
 * round trip) while callers keep the usual row types.
 */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    // json/jsonb values arrive already parsed; everything else goes through the column's own mapping
    const raw =
      value === null ||
      value === undefined ||
      column.columnType === 'PgJsonb' ||
      column.columnType === 'PgJson';
    row[key] = raw ? (value ?? null) : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
