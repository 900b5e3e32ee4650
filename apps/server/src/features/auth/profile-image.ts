// Profile images: decoded from base64 (or a data: URL), sized, typed by their magic bytes (the
// declared type is only accepted when the bytes agree), then decoded for real and re-encoded, so
// what is stored is pixels only: no bytes hidden after the image, no metadata (EXIF GPS position,
// camera, comments), at most 512×512. The pixel count is checked from the header before anything
// is decoded, so a small file that claims huge dimensions (a decompression bomb) costs nothing.
import { PROFILE_IMAGE_MAX_BYTES, type PROFILE_IMAGE_TYPES } from '@gridfront/contracts';
import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../../plugins/errors.ts';

export type ProfileImageType = (typeof PROFILE_IMAGE_TYPES)[number];

/** Larger than any camera photo a customer would pick (a 48 MP phone photo is 48 million pixels). */
export const PROFILE_IMAGE_MAX_INPUT_PIXELS = 50_000_000;
/** The stored image fits in this square; the portal shows it far smaller. */
export const PROFILE_IMAGE_MAX_SIDE = 512;

export const profileImageMessages = {
  notAnImage: 'Only PNG, JPEG or WebP images are allowed',
  tooLarge: 'The image must be 2 MB or smaller',
  tooManyPixels: 'The image has too many pixels: please choose one of at most 50 megapixels',
  empty: 'Please choose an image',
} as const;

const sharpFormat = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' } as const;

export function sniffImageType(bytes: Buffer): ProfileImageType | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

export function decodeProfileImage(input: string): { bytes: Buffer; contentType: ProfileImageType } {
  const dataUrl = /^data:([\w.+-]+\/[\w.+-]+);base64,/i.exec(input);
  const declared = dataUrl?.[1]?.toLowerCase();
  const base64 = (dataUrl ? input.slice(dataUrl[0].length) : input).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length === 0)
    throw new HttpError(415, profileImageMessages.notAnImage);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw new HttpError(400, profileImageMessages.empty);
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) throw new HttpError(413, profileImageMessages.tooLarge);
  const contentType = sniffImageType(bytes);
  if (
    !contentType ||
    (declared !== undefined &&
      declared !== contentType &&
      !(declared === 'image/jpg' && contentType === 'image/jpeg'))
  ) {
    throw new HttpError(415, profileImageMessages.notAnImage);
  }
  return { bytes, contentType };
}

/**
 * Decodes the image and encodes it again in its own format: refused (415) when it does not decode
 * as what its first bytes say, or (413) when it has more than PROFILE_IMAGE_MAX_INPUT_PIXELS.
 */
export async function reencodeProfileImage(
  bytes: Buffer,
  contentType: ProfileImageType,
): Promise<{ bytes: Buffer; contentType: ProfileImageType }> {
  const format = sharpFormat[contentType];
  // failOn 'truncated': a cut-off image is refused rather than stored half grey.
  const options = {
    limitInputPixels: PROFILE_IMAGE_MAX_INPUT_PIXELS,
    failOn: 'truncated',
    animated: false,
  } as const;
  let header: Metadata;
  try {
    header = await sharp(bytes, options).metadata();
  } catch (error) {
    throw refusal(error);
  }
  if (header.format !== format || !header.width || !header.height)
    throw new HttpError(415, profileImageMessages.notAnImage);
  if (header.width * header.height > PROFILE_IMAGE_MAX_INPUT_PIXELS)
    throw new HttpError(413, profileImageMessages.tooManyPixels);
  try {
    const output = await sharp(bytes, options)
      // Turned upright by its EXIF orientation before the EXIF goes; sharp keeps no metadata.
      .rotate()
      .resize(PROFILE_IMAGE_MAX_SIDE, PROFILE_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toFormat(format, format === 'png' ? { compressionLevel: 9 } : { quality: 85 })
      .toBuffer();
    return { bytes: output, contentType };
  } catch (error) {
    throw refusal(error);
  }
}

/** sharp's own pixel-limit error (it reads the header first) or any failure to decode. */
function refusal(error: unknown): HttpError {
  if (error instanceof Error && /pixel limit/i.test(error.message))
    return new HttpError(413, profileImageMessages.tooManyPixels);
  return new HttpError(415, profileImageMessages.notAnImage);
}
