import {
  IMAGE_MIME,
  imageSrcSet,
  type EventImage as EventImageView,
} from '@bilheteira/shared/image-variants';

interface EventImageProps {
  /** the processed image (uploaded in the back office), or null */
  image?: EventImageView | null;
  /** the event's plain `image_url`, used when there is no processed image */
  fallbackUrl: string | null;
  /** the `sizes` attribute: how wide the image is drawn at each viewport */
  sizes: string;
  width: number;
  height: number;
  className: string;
  /** the page's main image: fetched first, not lazily */
  priority?: boolean;
}

/**
 * An event's image. A processed upload is a `<picture>`: AVIF, then WebP, then JPEG, each with
 * every width in its `srcset`, so the browser takes the best format at the size it draws;
 * its dominant colour and blurred placeholder show until it loads. Otherwise the plain URL.
 */
export function EventImage({
  image,
  fallbackUrl,
  sizes,
  width,
  height,
  className,
  priority = false,
}: EventImageProps) {
  const loading = priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const };
  if (!image) {
    if (!fallbackUrl) return null;
    return <img src={fallbackUrl} alt="" width={width} height={height} className={className} {...loading} />;
  }
  return (
    <picture>
      {(['avif', 'webp'] as const).map((format) => {
        const srcSet = imageSrcSet(image, format);
        return srcSet ? (
          <source key={format} type={IMAGE_MIME[format]} srcSet={srcSet} sizes={sizes} />
        ) : null;
      })}
      <img
        src={image.src}
        srcSet={imageSrcSet(image, 'jpeg')}
        sizes={sizes}
        alt=""
        width={image.width}
        height={image.height}
        decoding="async"
        className={className}
        style={{
          backgroundColor: image.dominant_color,
          backgroundImage: `url("${image.placeholder}")`,
          backgroundSize: 'cover',
        }}
        {...loading}
      />
    </picture>
  );
}
