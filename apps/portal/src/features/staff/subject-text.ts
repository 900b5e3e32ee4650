// What a queue item is about, in the reader's language: a service request's type, or the subject
// the customer wrote.
import type { TFunction } from 'i18next';
import { REQUEST_TYPES } from './queue-filters.tsx';

export function subjectText(
  item: { kind: string; subject: string; requestType: string | null },
  t: TFunction<'staff'>,
): string {
  const type = item.requestType;
  if (item.kind === 'service_request' && type && (REQUEST_TYPES as readonly string[]).includes(type)) {
    return t(`requestType.${type as (typeof REQUEST_TYPES)[number]}`);
  }
  return item.subject;
}
