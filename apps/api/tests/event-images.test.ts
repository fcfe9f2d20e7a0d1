/**
 * Event images (issue 26 item 3): an organiser uploads an image in the back office; it is
 * checked by content, stripped of metadata, turned upright and re-encoded (AVIF, WebP, JPEG at
 * 480/960/1600), stored under content-hashed keys, served with immutable caching, and listed
 * in the public event answers. Bad input and other organisers are refused.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, organizers, outbox } from '../src/db/schema/index';
import { DEMO_STAFF } from '../src/seed/staff.seed';
import { createTestApp, expectErrorShape, type TestApp } from './helpers';

let t: TestApp;
let storageDir: string;
let owner: Session;
let org: number;
let eventId: number;
const SLUG = 'festival-demo';
const MAX_BYTES = 1024 * 1024;

interface Session {
  cookie: string;
  csrf: string;
}

beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bh-event-images-'));
  t = await createTestApp({
    config: { storageDir, MEDIA_MAX_UPLOAD_BYTES: MAX_BYTES, MEDIA_MAX_MEGAPIXELS: 4 },
  });
  org = (await t.database.db.select().from(organizers).where(eq(organizers.slug, 'promotora-demo')))[0]!.id;
  eventId = (await t.database.db.select().from(events).where(eq(events.slug, SLUG)))[0]!.id;
  owner = await signIn(DEMO_STAFF.owner.email, DEMO_STAFF.owner.password, DEMO_STAFF.owner.totpSecret);
});
afterAll(async () => {
  await t.close();
  await fs.rm(storageDir, { recursive: true, force: true });
});

async function signIn(email: string, password: string, totpSecret?: string): Promise<Session> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/backoffice/auth/login',
    payload: { email, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const s = {
    cookie: res.cookies.find((c) => c.name === 'bh_staff')!.value,
    csrf: (res.json().data as { csrf_token: string }).csrf_token,
  };
  if (totpSecret) {
    const code = await generate({ secret: totpSecret, epoch: Math.floor(Date.now() / 1000) });
    const second = await as(s, 'POST', '/api/backoffice/auth/second-factor', { code });
    expect(second.statusCode, second.body).toBe(200);
  }
  return s;
}

function as(s: Session, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    cookies: { bh_staff: s.cookie },
    headers: { 'x-csrf-token': s.csrf },
    ...(payload ? { payload } : {}),
  });
}

const imageUrl = (organizerId = org, event = eventId) =>
  `/api/backoffice/organizers/${organizerId}/events/${event}/image`;

/** POSTs a multipart body with one file part (`image` unless `field`). */
function upload(
  s: Session | null,
  bytes: Buffer,
  opts: { filename?: string; type?: string; url?: string; locale?: string; field?: string } = {},
) {
  const boundary = `----bh${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'image'}"; filename="${opts.filename ?? 'cartaz.jpg'}"\r\nContent-Type: ${opts.type ?? 'image/jpeg'}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const contentType = `multipart/form-data; boundary=${boundary}`;
  return t.app.inject({
    method: 'POST',
    url: opts.url ?? imageUrl(),
    payload: body,
    headers: {
      'content-type': contentType,
      'x-locale': opts.locale ?? 'pt-pt',
      ...(s ? { 'x-csrf-token': s.csrf } : {}),
    },
    ...(s ? { cookies: { bh_staff: s.cookie } } : {}),
  });
}

const solid = (width: number, height: number, background = '#000') =>
  sharp({ create: { width, height, channels: 3, background } });

/** A smooth picture (compresses like a photo's sky, not like noise). */
function gradient(width: number, height: number): Sharp {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 120;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

interface Image {
  width: number;
  height: number;
  src: string;
  dominant_color: string;
  placeholder: string;
  variants: Variant[];
}

interface Variant {
  format: string;
  type: string;
  width: number;
  height: number;
  url: string;
}

describe('upload', () => {
  let first: Image;

  it('re-encodes a JPEG with EXIF and GPS: upright, no metadata, AVIF/WebP/JPEG at each width, served immutable', async () => {
    // 1800 × 1000 stored sideways (EXIF orientation 6): upright it is 1000 × 1800
    const jpeg = await gradient(1800, 1000)
      .withExif({
        IFD0: { Copyright: 'Segredo do fotógrafo' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '38/1 42/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '9/1 8/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 85 })
      .toBuffer();
    expect(await sharp(jpeg).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    const res = await upload(owner, jpeg, { locale: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Image;
    expect(res.json().message).toBe('Image saved.');
    expect(data).toMatchObject({ width: 1000, height: 1800 });
    expect(data.dominant_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(data.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(data.placeholder.length).toBeLessThan(1200);
    // widths below the original, then the original itself (never enlarged)
    expect(data.variants.map((v) => `${v.format}:${v.width}`).sort()).toEqual(
      ['avif', 'jpeg', 'webp'].flatMap((f) => [480, 960, 1000].map((w) => `${f}:${w}`)).sort(),
    );
    expect(data.src).toMatch(/^\/api\/media\/events\/\d+\/[0-9a-f]{24}-960\.jpg$/);

    for (const v of data.variants) {
      expect(v.url).toMatch(
        new RegExp(`^/api/media/events/${eventId}/[0-9a-f]{24}-${v.width}\\.(avif|webp|jpg)$`),
      );
      const file = await t.app.inject({ url: v.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(v.type);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe(v.format === 'avif' ? 'heif' : v.format);
      expect(meta.width).toBe(v.width);
      expect(meta.height).toBe(Math.round((v.width * 1800) / 1000));
      // no EXIF (GPS, copyright), no orientation flag, no XMP, no ICC profile
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(file.rawPayload.includes(Buffer.from('Segredo'))).toBe(false);
    }
    const key = data.src.replace('/api/media/', '');
    await expect(fs.stat(path.join(storageDir, key))).resolves.toBeTruthy();
    const logged = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'event.image_uploaded'));
    expect(logged.at(-1)).toMatchObject({ entity: 'event', entityId: String(eventId) });
    first = data;
  });

  it('the public event answers list the variants, and image_url is the JPEG', async () => {
    const page = await t.app.inject({ url: `/api/events/${SLUG}` });
    expect(page.statusCode).toBe(200);
    const detail = page.json().data;
    expect(detail.image.variants).toHaveLength(9);
    expect(detail.image.src).toBe(first.src);
    expect(detail.image_url).toBe(first.src);
    const preview = await as(owner, 'GET', `/api/backoffice/organizers/${org}/events/${eventId}/preview`);
    expect(preview.json().data.image).toEqual(detail.image);
    const list = await t.app.inject({ url: '/api/events?per_page=50' });
    const item = list.json().data.find((e: { id: number }) => e.id === eventId);
    expect(item.image.variants.map((v: Variant) => v.url).sort()).toEqual(
      first.variants.map((v) => v.url).sort(),
    );
    // an event without an upload keeps its own image_url and no image
    const other = list.json().data.find((e: { id: number }) => e.id !== eventId);
    expect(other.image).toBeNull();
  });

  it('a new upload (PNG with transparency) replaces the image and removes the old files', async () => {
    const png = await sharp({
      create: { width: 700, height: 400, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const res = await upload(owner, png, { filename: 'logo.png', type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { variants: Variant[]; src: string };
    expect([...new Set(data.variants.map((v) => v.width))].sort()).toEqual([480, 700]);
    // the <img src> fallback: the widest JPEG up to 960
    expect(data.src).toMatch(/-700\.jpg$/);
    for (const v of first.variants) expect((await t.app.inject({ url: v.url })).statusCode).toBe(404);
    for (const v of data.variants) expect((await t.app.inject({ url: v.url })).statusCode).toBe(200);
    const page = await t.app.inject({ url: `/api/events/${SLUG}` });
    expect(page.json().data.image.src).toBe(data.src);
    expect((await as(owner, 'GET', imageUrl())).json().data).toEqual(data);
  });
});

describe('bad input', () => {
  it('refuses a text file named .png and sent as image/png, by its content (422, localised)', async () => {
    const text = Buffer.from('isto não é uma imagem, é texto com extensão .png\n'.repeat(20));
    const res = await upload(owner, text, { filename: 'cartaz.png', type: 'image/png' });
    expect(res.statusCode).toBe(422);
    expect(expectErrorShape(res)).toMatchObject({
      code: 'image_unsupported',
      message: 'O ficheiro não é uma imagem JPEG, PNG, WebP ou AVIF válida.',
    });
    const es = await upload(owner, text, { filename: 'cartaz.png', type: 'image/png', locale: 'es' });
    expect(expectErrorShape(es).message).toBe('El archivo no es una imagen JPEG, PNG, WebP o AVIF válida.');
  });

  it('refuses an SVG, a GIF and bytes that only start like a JPEG', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(owner, svg, { filename: 'x.svg', type: 'image/svg+xml' })).statusCode).toBe(422);
    const gif = await solid(100, 100).gif().toBuffer();
    expect(expectErrorShape(await upload(owner, gif, { filename: 'x.gif' })).code).toBe('image_unsupported');
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]);
    expect(expectErrorShape(await upload(owner, fake)).code).toBe('image_unsupported');
  });

  it('refuses a damaged JPEG (header intact, pixels cut off)', async () => {
    const jpeg = await gradient(800, 600).jpeg().toBuffer();
    const res = await upload(owner, jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(res.statusCode).toBe(422);
    expect(expectErrorShape(res).code).toBe('image_corrupt');
  });

  it('refuses a file over the size limit (413) without storing anything', async () => {
    const before = await fs.readdir(path.join(storageDir, 'events', String(eventId)));
    const big = Buffer.concat([await gradient(200, 200).jpeg().toBuffer(), Buffer.alloc(MAX_BYTES + 1, 1)]);
    const res = await upload(owner, big);
    expect(res.statusCode).toBe(413);
    expect(expectErrorShape(res).code).toBe('payload_too_large');
    expect(await fs.readdir(path.join(storageDir, 'events', String(eventId)))).toEqual(before);
  });

  it('refuses a pixel bomb (a few kB of PNG, 6.25 megapixels; 4 allowed) before decoding it, and tiny images', async () => {
    const bomb = await solid(2500, 2500).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(100_000);
    const res = await upload(owner, bomb, { filename: 'bomba.png', type: 'image/png', locale: 'en' });
    expect(res.statusCode).toBe(422);
    expect(expectErrorShape(res)).toMatchObject({
      code: 'image_dimensions',
      message: 'The image must be between 64 and 12000 pixels on each side and at most 4 megapixels.',
    });
    const tiny = await solid(20, 20).png().toBuffer();
    expect(expectErrorShape(await upload(owner, tiny)).code).toBe('image_dimensions');
  });

  it('refuses an animation', async () => {
    const frame = (c: string) => solid(100, 100, c).png().toBuffer();
    const animated = await sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } })
      .webp({ loop: 0, delay: [100, 100] })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const res = await upload(owner, animated, { filename: 'a.webp', type: 'image/webp' });
    expect(res.statusCode).toBe(422);
    expect(expectErrorShape(res).code).toBe('image_animated');
  });

  it('needs the file in the part named image', async () => {
    const jpeg = await gradient(200, 200).jpeg().toBuffer();
    const res = await upload(owner, jpeg, { field: 'file' });
    expect(res.statusCode).toBe(400);
    expect(expectErrorShape(res).code).toBe('validation_failed');
  });

  it('serves nothing outside the storage folder', async () => {
    await fs.writeFile(path.join(path.dirname(storageDir), 'bh-secret.txt'), 'secret');
    for (const url of [
      '/api/media/../bh-secret.txt',
      '/api/media/..%2fbh-secret.txt',
      '/api/media/%2e%2e/bh-secret.txt',
      '/api/media/events/..%2f..%2fbh-secret.txt',
      '/api/media/events/1/none.webp',
    ]) {
      const res = await t.app.inject({ url });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body).not.toContain('secret');
    }
  });
});

describe('who may', () => {
  const jpeg = () => gradient(300, 200).jpeg().toBuffer();

  it("another organiser's event, or an unknown one, answers 404", async () => {
    const [other] = await t.database.db
      .insert(organizers)
      .values({ slug: 'outra-promotora', name: 'Outra Promotora', email: 'geral@outra.pt' })
      .returning();
    const [theirs] = await t.database.db
      .insert(events)
      .values({
        organizerId: other!.id,
        slug: 'evento-da-outra',
        name: 'Evento da Outra',
        address: 'Rua B 2, Porto',
        contactEmail: 'geral@outra.pt',
        startsAt: new Date(Date.now() + 86_400_000),
        endsAt: new Date(Date.now() + 2 * 86_400_000),
      })
      .returning();
    // their event under our organiser id: 404, exactly like an unknown event
    for (const url of [imageUrl(org, theirs!.id), imageUrl(org, 999_999)]) {
      const res = await upload(owner, await jpeg(), { url });
      expect(res.statusCode, url).toBe(404);
      expect(expectErrorShape(res).code).toBe('event_not_found');
      expect((await as(owner, 'DELETE', url)).statusCode).toBe(404);
      expect((await as(owner, 'GET', url)).statusCode).toBe(404);
    }
    // their organiser id: the owner is no member, 404
    expect((await upload(owner, await jpeg(), { url: imageUrl(other!.id, theirs!.id) })).statusCode).toBe(
      404,
    );
  });

  it('no session is 401, no CSRF token is 403, door staff may not change an event (403)', async () => {
    expect((await upload(null, await jpeg())).statusCode).toBe(401);
    const noCsrf = await upload({ ...owner, csrf: 'wrong' }, await jpeg());
    expect(noCsrf.statusCode).toBe(403);
    expect(expectErrorShape(noCsrf).code).toBe('csrf_failed');

    const email = 'porteiro@promotora-demo.pt';
    const invited = await as(owner, 'POST', `/api/backoffice/organizers/${org}/invitations`, {
      email,
      role: 'door_staff',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const mail = (await t.database.db.select().from(outbox).where(eq(outbox.recipient, email))).at(-1)!;
    const token = String(mail.meta.link).split('/invitations/')[1]!;
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/invitations/${token}/accept`,
      payload: { name: 'Porteiro', password: 'Porteiro!2026-seguro' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const door = await signIn(email, 'Porteiro!2026-seguro');
    const res = await upload(door, await jpeg());
    expect(res.statusCode).toBe(403);
    expect(expectErrorShape(res).code).toBe('forbidden');
    expect((await as(door, 'DELETE', imageUrl())).statusCode).toBe(403);
    expect((await as(door, 'GET', imageUrl())).statusCode).toBe(403);
  });
});

describe('remove', () => {
  it('removes the image and its files; the public answer has none; a second removal is 404', async () => {
    const before = (await t.app.inject({ url: `/api/events/${SLUG}` })).json().data.image as {
      variants: Variant[];
    };
    expect(before.variants.length).toBeGreaterThan(0);
    const res = await as(owner, 'DELETE', imageUrl());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Imagem removida.');
    for (const v of before.variants) expect((await t.app.inject({ url: v.url })).statusCode).toBe(404);
    const page = (await t.app.inject({ url: `/api/events/${SLUG}` })).json().data;
    expect(page.image).toBeNull();
    expect((await as(owner, 'GET', imageUrl())).json()).toEqual({ data: null });
    const again = await as(owner, 'DELETE', imageUrl());
    expect(again.statusCode).toBe(404);
    expect(expectErrorShape(again).code).toBe('image_not_found');
  });
});
