import { defineErrors } from '../../lib/errors';
import './door.admin.messages';

/** Business errors of the back office's door devices. */
export const doorAdminErrors = defineErrors({
  /** a device of another event or organiser answers like one that does not exist */
  deviceNotFound: { status: 404, code: 'device_not_found', key: 'backoffice_door.device_not_found' },
  /** a revoked device stays revoked: make a new one */
  deviceRevoked: { status: 409, code: 'device_revoked', key: 'backoffice_door.device_revoked' },
  /** a check-in list of another event or organiser answers like one that does not exist */
  listNotFound: { status: 404, code: 'checkin_list_not_found', key: 'backoffice_door.list_not_found' },
  /** active devices admit by the list: put them on another list (or none) first */
  listInUse: { status: 409, code: 'checkin_list_in_use', key: 'backoffice_door.list_in_use' },
});
