import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventImageView } from '@bilheteira/shared/schemas/media';
import { EventImage } from './event-image';

afterEach(cleanup);

const variant = (format: 'avif' | 'webp' | 'jpeg', width: number) => ({
  format,
  type: `image/${format}`,
  width,
  height: width / 2,
  url: `/api/media/events/1/abc-${width}.${format === 'jpeg' ? 'jpg' : format}`,
});

const image: EventImageView = {
  src: '/api/media/events/1/abc-960.jpg',
  width: 1600,
  height: 800,
  dominant_color: '#336699',
  placeholder: 'data:image/webp;base64,AAAA',
  variants: (['jpeg', 'webp', 'avif'] as const).flatMap((f) => [variant(f, 960), variant(f, 480)]),
};

describe('EventImage', () => {
  it('offers AVIF, then WebP, then a JPEG srcset with every width', () => {
    const { container } = render(
      <EventImage image={image} fallbackUrl={null} sizes="100vw" width={600} height={256} className="x" />,
    );
    const sources = [...container.querySelectorAll('picture source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe(
      '/api/media/events/1/abc-480.avif 480w, /api/media/events/1/abc-960.avif 960w',
    );
    const img = container.querySelector('picture img')!;
    expect(img.getAttribute('src')).toBe(image.src);
    expect(img.getAttribute('srcset')).toContain('abc-480.jpg 480w');
    expect(img.getAttribute('width')).toBe('1600');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect((img as HTMLImageElement).style.backgroundColor).toBe('rgb(51, 102, 153)');
  });

  it('falls back to the plain image_url, and to nothing', () => {
    const { container, rerender } = render(
      <EventImage fallbackUrl="/img/x.jpg" sizes="100vw" width={1200} height={500} className="x" priority />,
    );
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/img/x.jpg');
    expect(container.querySelector('img')!.getAttribute('fetchpriority')).toBe('high');
    rerender(<EventImage image={null} fallbackUrl={null} sizes="100vw" width={1} height={1} className="x" />);
    expect(container.querySelector('img')).toBeNull();
  });
});
