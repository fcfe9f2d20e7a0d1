import { defineErrors } from '../../lib/errors';
import './checkin.messages';

/** Business errors of the door (check-in devices and scans). */
export const checkinErrors = defineErrors({
  /** unknown, rotated or removed device key */
  invalidDeviceKey: { status: 401, code: 'invalid_device_key', key: 'checkin.invalid_device_key' },
  /** the device used this nonce before for another token */
  nonceReused: { status: 409, code: 'nonce_reused', key: 'checkin.nonce_reused' },
  /** an offline scan time in the future or too old (field errors per scan) */
  scanTimeInvalid: { status: 400, code: 'validation_failed', key: 'checkin.scan_time_invalid' },
  eventNotFound: { status: 404, code: 'not_found', key: 'checkin.event_not_found' },
});
