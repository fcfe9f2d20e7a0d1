/**
 * The door in the back office (issue 27 item 4): an event's door devices (scanners with a key
 * of their own) and the log of what they scanned. The back office and the API validate with
 * these same schemas.
 */
import { z } from 'zod';
import { CHECKIN_RESULTS } from '../ticket-status';
import { envelope } from './common';

const deviceName = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required' })
  .max(80, { message: 'validation.too_big' });

export const createDeviceBody = z.strictObject({ name: deviceName });
export const renameDeviceBody = z.strictObject({ name: deviceName });

export const doorDeviceView = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(['active', 'revoked']),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  /** people it let in (first check-ins) */
  admitted: z.number(),
  /** every scan it sent, refused ones included */
  scans: z.number(),
  last_scan_at: z.string().nullable(),
  /** the check-in list it admits by; null: every valid ticket of the event */
  list_id: z.number().nullable(),
});
export type DoorDeviceView = z.output<typeof doorDeviceView>;

/**
 * A new or re-keyed device with its key (shown once, stored hashed) and what its enrolment
 * QR code holds: the API's address and the key, for the door app to read in one scan.
 */
export const doorDeviceWithKeyView = doorDeviceView.extend({ key: z.string(), enrolment: z.string() });
export type DoorDeviceWithKeyView = z.output<typeof doorDeviceWithKeyView>;

export const doorDevicesResponse = envelope(z.array(doorDeviceView));
export const doorDeviceResponse = envelope(doorDeviceView);
export const doorDeviceWithKeyResponse = envelope(doorDeviceWithKeyView);

export const SCAN_LOG_PAGE_SIZE = 50;

export const scanLogQuery = z.object({
  device_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  result: z.enum(CHECKIN_RESULTS as [string, ...string[]], { message: 'validation.invalid' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const scanLogRow = z.object({
  id: z.number(),
  scanned_at: z.string(),
  device: z.string(),
  result: z.string(),
  ticket_name: z.string().nullable(),
  holder: z.string().nullable(),
  offline: z.boolean(),
});
export type ScanLogRow = z.output<typeof scanLogRow>;

export const scanLogResponse = z.object({
  data: z.array(scanLogRow),
  meta: z.object({ page: z.number(), per_page: z.number(), has_more: z.boolean() }),
});
export type ScanLogResponse = z.output<typeof scanLogResponse>;

/* Check-in lists: which ticket types, sessions and days a device on the list admits, at which gate. */

const listName = deviceName;
const idList = z
  .array(
    z
      .number({ message: 'validation.invalid' })
      .int()
      .positive()
      .max(2 ** 31 - 1),
  )
  .max(200, { message: 'validation.too_big' })
  .default([]);

export const checkinListBody = z.strictObject({
  name: listName,
  /** the gate or zone the list's devices stand at */
  gate: listName,
  /** empty: every ticket type of the event */
  ticket_type_ids: idList,
  /** empty: every session */
  session_ids: idList,
  /** event-local days (YYYY-MM-DD); empty: every day of the event */
  days: z
    .array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid' }))
    .max(60, { message: 'validation.too_big' })
    .default([]),
});
export type CheckinListInput = z.input<typeof checkinListBody>;

export const checkinListView = z.object({
  id: z.number(),
  name: z.string(),
  gate: z.string(),
  ticket_type_ids: z.array(z.number()),
  session_ids: z.array(z.number()),
  days: z.array(z.string()),
  /** active devices on the list */
  devices: z.number(),
  /** people let in by the list's devices (first check-ins) */
  admitted: z.number(),
  created_at: z.string(),
});
export type CheckinListView = z.output<typeof checkinListView>;

export const checkinListResponse = envelope(checkinListView);
export const checkinListsResponse = envelope(z.array(checkinListView));

/** PUT …/devices/:deviceId/list: the list a device admits by, or null for every valid ticket. */
export const assignDeviceListBody = z.strictObject({
  list_id: z
    .number({ message: 'validation.invalid' })
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .nullable(),
});
