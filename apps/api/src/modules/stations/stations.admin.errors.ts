import { defineErrors } from '../../lib/errors';
import './stations.admin.messages';

/** Business errors of the back office's stations and bracelets. */
export const barAdminErrors = defineErrors({
  /** a station of another event or organiser answers like one that does not exist */
  stationNotFound: { status: 404, code: 'station_not_found', key: 'backoffice_bar.station_not_found' },
  /** a UID or printed code another bracelet already has (in the file or in the database) */
  braceletTaken: { status: 409, code: 'bracelet_taken', key: 'backoffice_bar.bracelet_taken' },
  /** a product of another event or organiser answers like one that does not exist */
  productNotFound: { status: 404, code: 'product_not_found', key: 'backoffice_bar.product_not_found' },
  /** the event has BAR_PRODUCTS_MAX products */
  tooManyProducts: { status: 409, code: 'too_many_products', key: 'backoffice_bar.too_many_products' },
});
