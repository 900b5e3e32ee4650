// Contact Us: a message or an appointment request becomes one row, a confirmation to the customer
// and a notice to the utility, written in one transaction (the mails through the outbox). A
// retried submission with the same idempotency key gets the first answer again and changes nothing.

import {
  appointmentWindowProblem,
  type ContactUsRequest,
  type ContactUsResponse,
  contactMessages as messagesOfContact,
  zonedWallTime,
} from '@gridfront/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '../../lib/accept-language.ts';
import { enforceRateLimits, type RateLimitRule } from '../../lib/rate-limiter.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Tenant } from '../../plugins/tenant.ts';
import type { HumanCheck } from '../auth/altcha.ts';
import { enqueueMail } from '../mail/outbox.ts';
import {
  type ContactMailContent,
  renderContactConfirmation,
  renderContactNotification,
} from '../mail/templates/contact-mail.ts';
import type { MailBrand } from '../mail/templates/render.ts';
import {
  type ContactMessageRow,
  findByIdempotencyKey,
  findSenderUsername,
  insertContactMessage,
  withUniqueReference,
} from './repository.ts';

/** A person writes a few messages at most; a script hits these long before it bothers staff. */
export const CONTACT_RATE_LIMITS = {
  perAddress: { name: 'contact-ip', limit: 10, windowSeconds: 3600 },
  perEmail: { name: 'contact-email', limit: 5, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimitRule>;

export interface ContactContext {
  app: FastifyInstance;
  tenant: Tenant;
  request: FastifyRequest;
  reply: FastifyReply;
  humanCheck: HumanCheck;
}

function answerOf(row: ContactMessageRow): ContactUsResponse {
  const kind = row.kind === 'appointment' ? 'appointment' : 'message';
  return {
    message: kind === 'appointment' ? messagesOfContact.appointmentRequested : messagesOfContact.messageSent,
    referenceNumber: row.referenceNumber,
    kind,
    appointmentAt: row.appointmentAt ? row.appointmentAt.toISOString() : null,
  };
}

/** The stored answer for a retry; a different request under the same key is refused. */
function replay(context: ContactContext, row: ContactMessageRow, input: ContactUsRequest): ContactUsResponse {
  const same =
    row.kind === input.kind &&
    row.email.toLowerCase() === input.email.toLowerCase() &&
    row.subject === input.subject &&
    row.message === input.message;
  if (!same) throw new HttpError(409, messagesOfContact.idempotencyKeyReused);
  context.reply.header('idempotent-replayed', 'true');
  return answerOf(row);
}

function brandOf(tenant: Tenant): MailBrand {
  return {
    name: tenant.name,
    theme: tenant.defaultTheme,
    phone: tenant.contact.phone,
    email: tenant.contact.email,
  };
}

export async function submitContact(
  context: ContactContext,
  input: ContactUsRequest,
  idempotencyKey: string | undefined,
): Promise<ContactUsResponse> {
  const { app, tenant, request, reply, humanCheck } = context;
  const db = app.db;

  if (idempotencyKey) {
    const earlier = await findByIdempotencyKey(db, tenant.id, idempotencyKey);
    if (earlier) return replay(context, earlier, input);
  }

  let appointmentAt: Date | null = null;
  if (input.kind === 'appointment') {
    const problem = appointmentWindowProblem(
      input.appointmentDate,
      input.appointmentTime,
      tenant.timeZone,
      new Date(),
    );
    if (problem) throw new HttpError(400, problem.message);
    appointmentAt = zonedWallTime(input.appointmentDate, input.appointmentTime, tenant.timeZone);
  }

  await enforceRateLimits(
    db,
    tenant.id,
    [{ rule: CONTACT_RATE_LIMITS.perAddress, subject: request.ip }],
    reply,
  );
  try {
    await humanCheck.verify(db, input.captcha);
  } catch (error) {
    // A retry that raced its own first attempt carries the same, now redeemed, payload.
    const earlier = idempotencyKey ? await findByIdempotencyKey(db, tenant.id, idempotencyKey) : null;
    if (earlier) return replay(context, earlier, input);
    throw error;
  }
  // Per e-mail address only after the human check, so bogus calls cannot block someone's form.
  await enforceRateLimits(
    db,
    tenant.id,
    [{ rule: CONTACT_RATE_LIMITS.perEmail, subject: input.email }],
    reply,
  );

  const language = requestLanguage(input.language, request.headers['accept-language']);
  const userId = request.user ? request.user.userId : null;
  const username = userId ? await findSenderUsername(db, tenant.id, userId) : null;

  const row = await withUniqueReference(input.kind, (referenceNumber) =>
    db.transaction(async (tx) => {
      const inserted = await insertContactMessage(tx, {
        tenantId: tenant.id,
        referenceNumber,
        userId: username ? userId : null,
        kind: input.kind,
        fullName: input.fullName,
        email: input.email,
        phone: input.phoneNo,
        subject: input.subject,
        message: input.message,
        appointmentAt,
        idempotencyKey: idempotencyKey ?? null,
        language,
      });
      if (!inserted) return null;
      const content: ContactMailContent = {
        kind: input.kind,
        referenceNumber: inserted.referenceNumber,
        fullName: input.fullName,
        email: input.email,
        phone: input.phoneNo,
        subject: input.subject,
        message: input.message,
        appointmentAt,
        timeZone: tenant.timeZone,
      };
      const brand = brandOf(tenant);
      const confirmation = renderContactConfirmation(language, brand, content);
      await enqueueMail(tx, {
        tenantId: tenant.id,
        to: input.email,
        purpose: `contact-${input.kind}-confirmation`,
        ...confirmation,
      });
      const notice = renderContactNotification(brand, content, { language, username });
      await enqueueMail(tx, {
        tenantId: tenant.id,
        to: tenant.contact.email,
        purpose: `contact-${input.kind}-notice`,
        ...notice,
      });
      await recordAudit(tx, request, {
        tenantId: tenant.id,
        userId: inserted.userId,
        action: `contact.${input.kind}`,
        detail: { referenceNumber: content.referenceNumber, language },
      });
      return inserted;
    }),
  );

  if (!row) {
    // A concurrent request with the same key committed first: answer as it did.
    const earlier = idempotencyKey ? await findByIdempotencyKey(db, tenant.id, idempotencyKey) : null;
    if (!earlier) throw new Error('the contact message vanished after an idempotency conflict');
    return replay(context, earlier, input);
  }
  app.mail.wake();
  return answerOf(row);
}
