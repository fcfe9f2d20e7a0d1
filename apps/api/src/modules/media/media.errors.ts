import { defineErrors } from '../../lib/errors';
import './media.messages';

/** Business errors of uploaded files (event images). */
export const mediaErrors = defineErrors({
  /** an event that is not this organiser's reads like one that does not exist */
  eventNotFound: { status: 404, code: 'event_not_found', key: 'event.not_found' },
  /** the bytes are not a JPEG, PNG, WebP or AVIF image (checked by decoding, not by name or type) */
  notAnImage: { status: 422, code: 'image_unsupported', key: 'media.image_unsupported' },
  /** more pixels than MEDIA_MAX_MEGAPIXELS (decompression bombs), or too small to show */
  badDimensions: { status: 422, code: 'image_dimensions', key: 'media.image_dimensions' },
  /** an animation (several frames) */
  animated: { status: 422, code: 'image_animated', key: 'media.image_animated' },
  /** the file is damaged: its header decodes but its pixels do not */
  corrupt: { status: 422, code: 'image_corrupt', key: 'media.image_corrupt' },
  /** the event has no image to remove */
  noImage: { status: 404, code: 'image_not_found', key: 'media.image_not_found' },
});
