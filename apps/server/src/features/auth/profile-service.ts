// The signed-in user's profile: details, save or remove, and the profile image (re-encoded before
// it is stored, see profile-image.ts). Every change is audited.
import type {
  MessageResponse,
  ProfileDetailsResponse,
  profileImageUploadResponse,
} from '@gridfront/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { authMessages } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { decodeProfileImage, reencodeProfileImage } from './profile-image.ts';
import {
  deleteProfile,
  findProfile,
  findProfileImage,
  type ProfileFields,
  saveProfile,
  storeProfileImage,
} from './profile-repository.ts';
import { findUserById } from './repository.ts';

export const profileMessages = {
  saved: 'Profile saved successfully',
  removed: 'Profile removed successfully',
  imageSaved: 'Profile image uploaded successfully',
  needsProfile: 'Please create your profile before uploading an image',
  noImage: 'No profile image has been uploaded',
} as const;

/** Whose profile a call is about: the token's user in the site's tenant. */
export interface ProfileContext {
  db: Database;
  request: FastifyRequest;
  tenantId: string;
  userId: string;
}

export async function profileDetails({
  db,
  tenantId,
  userId,
}: ProfileContext): Promise<ProfileDetailsResponse> {
  const user = await findUserById(db, tenantId, userId);
  if (!user) throw new HttpError(401, authMessages.required);
  const profile = await findProfile(db, tenantId, user.id);
  return {
    username: user.username,
    fullName: user.fullName,
    email: user.email,
    profile: profile
      ? {
          mailingAddress: profile.mailingAddress,
          city: profile.city,
          serviceAddress: profile.serviceAddress,
          state: profile.state,
          zip: profile.zip,
          phoneNo: profile.phoneNo,
          secondaryPhnNo: profile.secondaryPhnNo,
        }
      : null,
    hasImage: profile?.hasImage ?? false,
  };
}

export async function saveUserProfile(
  context: ProfileContext,
  fields: ProfileFields,
): Promise<MessageResponse> {
  const { db, request, tenantId, userId } = context;
  await saveProfile(db, tenantId, userId, fields);
  await recordAudit(db, request, { tenantId, userId, action: 'profile.saved' });
  return { message: profileMessages.saved };
}

export async function removeUserProfile(context: ProfileContext): Promise<MessageResponse> {
  const { db, request, tenantId, userId } = context;
  await deleteProfile(db, tenantId, userId);
  await recordAudit(db, request, { tenantId, userId, action: 'profile.removed' });
  return { message: profileMessages.removed };
}

export async function uploadProfileImage(
  context: ProfileContext,
  input: string,
): Promise<z.infer<typeof profileImageUploadResponse>> {
  const { db, request, tenantId, userId } = context;
  const received = decodeProfileImage(input);
  const image = await reencodeProfileImage(received.bytes, received.contentType);
  if (!(await storeProfileImage(db, tenantId, userId, image)))
    throw new HttpError(409, profileMessages.needsProfile);
  await recordAudit(db, request, {
    tenantId,
    userId,
    action: 'profile.image_uploaded',
    detail: { contentType: image.contentType, size: image.bytes.length, receivedSize: received.bytes.length },
  });
  return { message: profileMessages.imageSaved, contentType: image.contentType, size: image.bytes.length };
}

export async function userProfileImage({ db, tenantId, userId }: ProfileContext) {
  return findProfileImage(db, tenantId, userId);
}
