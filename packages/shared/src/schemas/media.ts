import { z } from 'zod';

import { IMAGE_FORMATS } from '../image-variants';

// the plain constants and srcset helper live in image-variants.ts (no zod: the customer
// site's first pages use them); re-exported here for the API and the back office
export { IMAGE_FORMATS, IMAGE_MIME, IMAGE_WIDTHS, imageSrcSet, type ImageFormat } from '../image-variants';

export const imageVariantView = z.object({
  format: z.enum(IMAGE_FORMATS),
  /** the MIME type, for <source type> */
  type: z.string(),
  width: z.number(),
  height: z.number(),
  url: z.string(),
});
export type ImageVariantView = z.infer<typeof imageVariantView>;

/**
 * A processed image as pages show it: every variant (AVIF, WebP, JPEG × widths) for
 * `<picture>`/`srcset`, a JPEG `src` fallback, the intrinsic size (no layout shift), and a
 * dominant colour and tiny blurred placeholder to paint while it loads.
 */
export const eventImageView = z.object({
  /** the JPEG of the middle width: <img src> for browsers without <picture> */
  src: z.string(),
  width: z.number(),
  height: z.number(),
  /** #rrggbb */
  dominant_color: z.string(),
  /** data:image/webp;base64,… a few hundred bytes */
  placeholder: z.string(),
  variants: z.array(imageVariantView),
});
export type EventImageView = z.infer<typeof eventImageView>;

/** The back office's answer to an upload: the event's image as the public pages will show it. */
export const eventImageResponse = z.object({ data: eventImageView, message: z.string().optional() });
export const eventImageOrNoneResponse = z.object({ data: eventImageView.nullable() });
