// Queues an account e-mail (rendered in the user's language, branded for the tenant) inside the
// caller's transaction; the caller wakes the delivery worker after the commit.
import type { Database, Transaction } from '../../db/client.ts';
import type { Tenant } from '../../plugins/tenant.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { MailKind } from '../mail/templates/mail-strings.ts';
import { type MailContent, renderMail } from '../mail/templates/render.ts';

export interface AccountMail extends MailContent {
  to: string;
  locale: string | null | undefined;
}

export async function queueAccountMail(
  db: Database | Transaction,
  tenant: Tenant,
  kind: MailKind,
  mail: AccountMail,
) {
  const rendered = renderMail(
    kind,
    mail.locale,
    {
      name: tenant.name,
      theme: tenant.defaultTheme,
      phone: tenant.contact.phone,
      email: tenant.contact.email,
    },
    mail,
  );
  await enqueueMail(db, { tenantId: tenant.id, to: mail.to, purpose: kind, ...rendered });
}
