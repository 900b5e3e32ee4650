// Profile images: decoded from base64 (or a data: URL), sized, and typed by their magic bytes —
// the declared type is only accepted when the bytes agree.
import { PROFILE_IMAGE_MAX_BYTES, type PROFILE_IMAGE_TYPES } from '@gridfront/contracts';
import { HttpError } from '../../plugins/errors.ts';

export type ProfileImageType = (typeof PROFILE_IMAGE_TYPES)[number];

export const profileImageMessages = {
  notAnImage: 'Only PNG, JPEG or WebP images are allowed',
  tooLarge: 'The image must be 2 MB or smaller',
  empty: 'Please choose an image',
} as const;

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
