import { z } from 'zod';

/** Formats an event image is re-encoded into, best first (a `<picture>` lists them in this order). */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const IMAGE_MIME: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};
/** Widths an event image is resized to (never enlarged: a smaller original keeps its width). */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

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

/** `srcset` of one format: "url 480w, url 960w". */
export function imageSrcSet(image: Pick<EventImageView, 'variants'>, format: ImageFormat): string {
  return image.variants
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}

/** The back office's answer to an upload: the event's image as the public pages will show it. */
export const eventImageResponse = z.object({ data: eventImageView, message: z.string().optional() });
export const eventImageOrNoneResponse = z.object({ data: eventImageView.nullable() });
