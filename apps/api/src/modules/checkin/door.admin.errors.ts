import { defineErrors } from '../../lib/errors';
import './door.admin.messages';

/** Business errors of the back office's door devices. */
export const doorAdminErrors = defineErrors({
  /** a device of another event or organiser answers like one that does not exist */
  deviceNotFound: { status: 404, code: 'device_not_found', key: 'backoffice_door.device_not_found' },
  /** a revoked device stays revoked: make a new one */
  deviceRevoked: { status: 409, code: 'device_revoked', key: 'backoffice_door.device_revoked' },
});
