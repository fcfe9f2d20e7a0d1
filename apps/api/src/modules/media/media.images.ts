/**
 * Image processing with sharp (issue 26 item 3): an upload is trusted only once it decodes.
 * The first bytes must be a JPEG, PNG, WebP or AVIF signature and sharp must read the same
 * format from them; the header's dimensions are checked before any pixel is decoded
 * (decompression bombs), animations are refused, and the pixels are then decoded, auto-rotated
 * by their EXIF orientation and re-encoded without any metadata (EXIF, GPS, XMP, ICC) into
 * AVIF, WebP and JPEG at IMAGE_WIDTHS.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { IMAGE_FORMATS, IMAGE_WIDTHS, type ImageFormat } from '@bilheteira/shared/schemas/media';
import { mediaErrors } from './media.errors';

/** Smallest and largest side accepted. */
export const MIN_SIDE = 64;
export const MAX_SIDE = 12_000;

export interface ImageLimits {
  maxMegapixels: number;
}

export interface EncodedVariant {
  format: ImageFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedImage {
  /** SHA-256 (hex) of the uploaded bytes */
  hash: string;
  width: number;
  height: number;
  dominantColor: string;
  placeholder: string;
  variants: EncodedVariant[];
}

type Sniffed = 'jpeg' | 'png' | 'webp' | 'heif';

/** The format the magic bytes announce, or null. AVIF is an ISO-BMFF `ftyp` box of brand avif/avis. */
export function sniffImage(b: Buffer): Sniffed | null {
  if (b.length < 16) return null;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (b.toString('latin1', 4, 8) === 'ftyp' && /^avi[fs]$/.test(b.toString('latin1', 8, 12))) return 'heif';
  return null;
}

/** One upload decoded at a time per process beyond this many: encoding is CPU work. */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Widths to make for an original `width` wide: the standard ones below it, and itself if smaller than the largest. */
export function widthsFor(width: number): number[] {
  const below = IMAGE_WIDTHS.filter((w) => w < width);
  return width < IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]! ? [...below, width] : [...IMAGE_WIDTHS];
}

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/** Reads the header only: format, dimensions, frames. Throws the business error that fits. */
async function checkHeader(bytes: Buffer, limits: ImageLimits) {
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw mediaErrors.notAnImage();
  const maxPixels = Math.floor(limits.maxMegapixels * 1_000_000);
  let meta: Metadata;
  try {
    // the header only: no pixel is decoded here, so the size is checked before any is
    meta = await sharp(bytes, { limitInputPixels: false, pages: 1 }).metadata();
  } catch {
    throw mediaErrors.notAnImage();
  }
  if (meta.format !== sniffed) throw mediaErrors.notAnImage();
  const dims = { min: MIN_SIDE, max: MAX_SIDE, megapixels: limits.maxMegapixels };
  const { width = 0, height = 0 } = meta;
  if (
    width < MIN_SIDE ||
    height < MIN_SIDE ||
    width > MAX_SIDE ||
    height > MAX_SIDE ||
    width * height > maxPixels
  )
    throw mediaErrors.badDimensions(dims);
  if ((meta.pages ?? 1) > 1) throw mediaErrors.animated();
  // EXIF orientations 5-8 turn the image a quarter: its upright size is the other way round
  const turned = (meta.orientation ?? 1) >= 5;
  return { maxPixels, width: turned ? height : width, height: turned ? width : height };
}

function encoder(image: Sharp, format: ImageFormat): Sharp {
  if (format === 'avif') return image.avif({ quality: 50, effort: 2 });
  if (format === 'webp') return image.webp({ quality: 78, effort: 4 });
  return image.jpeg({ quality: 80, progressive: true, mozjpeg: true });
}

/**
 * Checks and re-encodes an upload. Throws `mediaErrors` for anything that is not a still
 * image within the limits. Output carries no metadata (sharp writes none unless asked).
 */
export async function processImage(bytes: Buffer, limits: ImageLimits): Promise<ProcessedImage> {
  const { maxPixels, width: fullWidth, height: fullHeight } = await checkHeader(bytes, limits);
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
  return withSlot(async () => {
    let upright: { data: Buffer; info: OutputInfo };
    try {
      // Decoded once (failOn 'error': a damaged file is refused, not half-read), turned
      // upright, transparency on white, at most the largest width: every variant starts here.
      upright = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', pages: 1 })
        .rotate()
        .resize({ width: largest, withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .toColorspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw mediaErrors.corrupt();
    }
    const { width, height, channels } = upright.info;
    const raw = () => sharp(upright.data, { raw: { width, height, channels } });
    const [stats, tiny] = await Promise.all([
      raw().stats(),
      raw().resize(16).blur(1).webp({ quality: 40 }).toBuffer(),
    ]);
    const variants: EncodedVariant[] = [];
    for (const w of widthsFor(width)) {
      const resized = raw().resize({ width: w, withoutEnlargement: true });
      const encoded = await Promise.all(
        IMAGE_FORMATS.map(async (format) => {
          const out = await encoder(resized.clone(), format).toBuffer({ resolveWithObject: true });
          return { format, width: out.info.width, height: out.info.height, bytes: out.data };
        }),
      );
      variants.push(...encoded);
    }
    const { r, g, b } = stats.dominant;
    return {
      hash: createHash('sha256').update(bytes).digest('hex'),
      width: fullWidth,
      height: fullHeight,
      dominantColor: `#${hex(r)}${hex(g)}${hex(b)}`,
      placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
      variants,
    };
  });
}
