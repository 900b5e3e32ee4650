// Settings of the signed-in user: password, username and two-factor switch. Each change is audited;
// a password change mails a notice and signs out every other session.
import { messages, type UpdateTfaEnableRequest } from '@gridfront/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { enforceRateLimits, RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { authMessages, userOf } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { queueAccountMail } from '../auth/account-mail.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { findUserById, findUserByUsername, type UserRow } from '../auth/repository.ts';
import { revokeUserSessions } from '../auth/session.ts';

export const settingsMessages = {
  passwordChanged: 'Password changed successfully',
  wrongCurrentPassword: 'Current password is incorrect',
  samePassword: 'New password must be different from the current password',
  usernameChanged: 'Username changed successfully',
  wrongPassword: 'Password is incorrect',
  usernameTaken: 'This username is already taken. Please choose another one',
  sameUsername: 'This is already your username',
  tfaEnabled: 'Two-factor authentication enabled',
  tfaDisabled: 'Two-factor authentication disabled',
} as const;

export interface SettingsContext {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
}

async function signedInUser(context: SettingsContext): Promise<UserRow> {
  const user = await findUserById(
    context.app.db,
    tenantOf(context.request).id,
    userOf(context.request).userId,
  );
  if (!user) throw new HttpError(401, authMessages.required);
  return user;
}

async function limit(context: SettingsContext, user: UserRow) {
  await enforceRateLimits(
    context.app.db,
    user.tenantId,
    [{ rule: RATE_LIMITS.settingsUser, subject: user.id }],
    context.reply,
  );
}

export async function changePassword(
  context: SettingsContext,
  input: { currentPassword: string; newPassword: string },
) {
  const { app, request } = context;
  const tenant = tenantOf(request);
  const user = await signedInUser(context);
  await limit(context, user);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await recordAudit(app.db, request, {
      tenantId: tenant.id,
      userId: user.id,
      action: 'settings.password.failure',
    });
    throw new HttpError(400, settingsMessages.wrongCurrentPassword);
  }
  if (input.currentPassword === input.newPassword) throw new HttpError(400, settingsMessages.samePassword);
  const passwordHash = await hashPassword(input.newPassword);
  await app.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    // Every other sign-in ends; this one continues.
    await revokeUserSessions(tx, user.id, userOf(request).sessionId);
    await queueAccountMail(tx, tenant, 'passwordChanged', {
      to: user.email,
      locale: user.locale,
      recipientName: user.fullName,
    });
    await recordAudit(tx, request, {
      tenantId: tenant.id,
      userId: user.id,
      action: 'settings.password.changed',
    });
  });
  app.mail.wake();
  return { message: settingsMessages.passwordChanged };
}

export async function changeUsername(
  context: SettingsContext,
  input: { username: string; password: string },
) {
  const { app, request } = context;
  const tenant = tenantOf(request);
  const user = await signedInUser(context);
  await limit(context, user);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordAudit(app.db, request, {
      tenantId: tenant.id,
      userId: user.id,
      action: 'settings.username.failure',
    });
    throw new HttpError(400, settingsMessages.wrongPassword);
  }
  if (user.username === input.username) throw new HttpError(400, settingsMessages.sameUsername);
  const holder = await findUserByUsername(app.db, tenant.id, input.username);
  if (holder && holder.id !== user.id) throw new HttpError(409, settingsMessages.usernameTaken);
  try {
    await app.db
      .update(users)
      .set({ username: input.username, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, settingsMessages.usernameTaken);
    throw error;
  }
  await recordAudit(app.db, request, {
    tenantId: tenant.id,
    userId: user.id,
    action: 'settings.username.changed',
    detail: { from: user.username, to: input.username },
  });
  return { message: settingsMessages.usernameChanged };
}

/**
 * Turns two-factor on or off (`enable` absent: toggles). Turning it off needs the current
 * password, checked after the rate limit as the other password checks here are, so a stolen
 * access token cannot remove the second factor nor guess the password quickly.
 */
export async function updateTfa(context: SettingsContext, input: UpdateTfaEnableRequest) {
  const { app, request } = context;
  const tenant = tenantOf(request);
  const user = await signedInUser(context);
  await limit(context, user);
  const next = input.enable ?? !user.tfaEnabled;
  if (user.tfaEnabled && !next) {
    if (input.password === undefined) throw new HttpError(400, messages.currentPasswordRequired);
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      await recordAudit(app.db, request, {
        tenantId: tenant.id,
        userId: user.id,
        action: 'settings.tfa.failure',
      });
      throw new HttpError(400, settingsMessages.wrongCurrentPassword);
    }
  }
  if (next !== user.tfaEnabled) {
    await app.db.update(users).set({ tfaEnabled: next, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await recordAudit(app.db, request, {
      tenantId: tenant.id,
      userId: user.id,
      action: next ? 'settings.tfa.enabled' : 'settings.tfa.disabled',
    });
  }
  return { message: next ? settingsMessages.tfaEnabled : settingsMessages.tfaDisabled, tfaEnabled: next };
}

export async function currentUser(context: SettingsContext) {
  return signedInUser(context);
}
