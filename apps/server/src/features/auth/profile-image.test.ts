// Profile image upload end to end: what is stored is a fresh encoding of the pixels only.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createAccountTestApp, signedInToken } from '../../test/account-test-kit.ts';
import { insertTenant, insertUser, type TenantFixture, type TestApp } from '../../test/index.ts';
import { PROFILE_IMAGE_MAX_SIDE, profileImageMessages } from './profile-image.ts';

let t: TestApp;
let tenant: TenantFixture;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createAccountTestApp();
  tenant = await insertTenant(db());
});
afterAll(() => t.close());

async function signedInCaller(username: string) {
  const user = await insertUser(db(), tenant.tenant.id, { username, withProfile: true });
  return caller(t, tenant, undefined, await signedInToken(t, tenant.tenant.id, user.id));
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } });

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe('profile image upload', () => {
  it('stores a re-encoded PNG without the junk appended after it', async () => {
    const api = await signedInCaller('junk-after-png');
    const png = await picture(64, 48).png().toBuffer();
    const junk = Buffer.from('<?php system($_GET["c"]); ?> hidden payload after IEND');
    const upload = await api.post('/auth/userProfileImageUpload', {
      image: dataUrl('image/png', Buffer.concat([png, junk])),
    });
    expect(upload.statusCode).toBe(200);

    const stored = (await api.get('/auth/userProfileImage')).rawPayload;
    expect(stored.includes(Buffer.from('hidden payload'))).toBe(false);
    expect(upload.json()).toEqual({
      message: 'Profile image uploaded successfully',
      contentType: 'image/png',
      size: stored.length,
    });
    const { format, width, height } = await sharp(stored).metadata();
    expect({ format, width, height }).toEqual({ format: 'png', width: 64, height: 48 });
  });

  it('drops EXIF, GPS position included, from a JPEG', async () => {
    const api = await signedInCaller('exif-gps');
    const jpeg = await picture(80, 60)
      .jpeg()
      .withExif({
        IFD0: { Make: 'TellTaleCam', ImageDescription: 'front door of 12 Elm St' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      })
      .toBuffer();
    // The upload really carries the position (else the test would prove nothing).
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect(jpeg.includes(Buffer.from('TellTaleCam'))).toBe(true);

    const upload = await api.post('/auth/userProfileImageUpload', { image: dataUrl('image/jpeg', jpeg) });
    expect(upload.statusCode).toBe(200);
    expect(upload.json().contentType).toBe('image/jpeg');
    const stored = (await api.get('/auth/userProfileImage')).rawPayload;
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.format).toBe('jpeg');
    expect(stored.includes(Buffer.from('Exif'))).toBe(false);
    expect(stored.includes(Buffer.from('TellTaleCam'))).toBe(false);
  });

  it('refuses a decompression bomb with a clear message and keeps the previous image', async () => {
    const api = await signedInCaller('bomb');
    const before = await picture(32, 32).webp().toBuffer();
    expect(
      (await api.post('/auth/userProfileImageUpload', { image: before.toString('base64') })).statusCode,
    ).toBe(200);
    const saved = (await api.get('/auth/userProfileImage')).rawPayload;

    // 81 megapixels of one colour: a quarter of a megabyte on the wire, 243 MB once decoded.
    const bomb = await picture(9000, 9000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const refused = await api.post('/auth/userProfileImageUpload', { image: dataUrl('image/png', bomb) });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: profileImageMessages.tooManyPixels,
    });
    expect((await api.get('/auth/userProfileImage')).rawPayload.equals(saved)).toBe(true);
  });

  it('scales a large photo down to fit the profile square', async () => {
    const api = await signedInCaller('big-photo');
    const photo = await picture(2400, 1600).jpeg().toBuffer();
    expect(
      (await api.post('/auth/userProfileImageUpload', { image: dataUrl('image/jpg', photo) })).statusCode,
    ).toBe(200);
    const { width, height } = await sharp((await api.get('/auth/userProfileImage')).rawPayload).metadata();
    expect({ width, height }).toEqual({
      width: PROFILE_IMAGE_MAX_SIDE,
      height: Math.round((PROFILE_IMAGE_MAX_SIDE * 1600) / 2400),
    });
  });

  it('refuses bytes that only start like an image, or decode as another format', async () => {
    const api = await signedInCaller('pretender');
    const pngMagicOnly = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 1),
    ]);
    const cutOff = (await picture(200, 200).jpeg().toBuffer()).subarray(0, 300);
    for (const image of [pngMagicOnly, cutOff]) {
      const response = await api.post('/auth/userProfileImageUpload', { image: image.toString('base64') });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe(profileImageMessages.notAnImage);
    }
    expect((await api.get('/auth/userProfileImage')).statusCode).toBe(404);
  });
});
