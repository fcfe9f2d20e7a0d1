/**
 * Event image variants without zod, so the customer site's first pages (event cards, the
 * event page's `<picture>`) stay out of the schemas chunk; schemas/media.ts re-exports these
 * and checks the same shapes.
 */

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

/** One variant of a processed image (the shape of schemas/media.ts imageVariantView). */
export interface ImageVariant {
  format: ImageFormat;
  /** the MIME type, for <source type> */
  type: string;
  width: number;
  height: number;
  url: string;
}

/** A processed image as pages show it (the shape of schemas/media.ts eventImageView). */
export interface EventImage {
  /** the JPEG of the middle width: <img src> for browsers without <picture> */
  src: string;
  width: number;
  height: number;
  /** #rrggbb */
  dominant_color: string;
  /** data:image/webp;base64,… a few hundred bytes */
  placeholder: string;
  variants: ImageVariant[];
}

/** `srcset` of one format: "url 480w, url 960w". */
export function imageSrcSet(image: Pick<EventImage, 'variants'>, format: ImageFormat): string {
  return image.variants
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}
