// The service request's kinds and its date rules apart from the schemas, so that the portal's flow
// draws and checks dates without loading zod (issue 7: /todo's first render).
import { serviceRequestMessages } from './service-requests-messages.ts';

/** What a customer can ask for in the flow. */
export const SERVICE_REQUEST_TYPES = ['start', 'stop', 'transfer'] as const;
export type ServiceRequestType = (typeof SERVICE_REQUEST_TYPES)[number];
/** Every kind a To-Do entry can be: the flow's, and the plan switch the rate comparison files. */
export const TODO_REQUEST_TYPES = [...SERVICE_REQUEST_TYPES, 'plan_switch'] as const;
export const TODO_STATUSES = ['submitted', 'in_progress', 'completed', 'cancelled'] as const;
export type TodoStatus = (typeof TODO_STATUSES)[number];
/** The furthest ahead a request may be dated. */
export const SERVICE_REQUEST_MAX_DAYS_AHEAD = 90;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD that exists on the calendar (no 31 April). */
export function isCalendarDate(value: string): boolean {
  const match = isoDate.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/** The rule that needs the clock: from today (in the utility's zone) up to 90 days ahead. */
export function effectiveDateProblem(date: string, today: string): string | null {
  if (!isCalendarDate(date)) return serviceRequestMessages.effectiveDateFormat;
  if (date < today) return serviceRequestMessages.effectiveDatePast;
  const last = new Date(`${today}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + SERVICE_REQUEST_MAX_DAYS_AHEAD);
  if (date > last.toISOString().slice(0, 10)) return serviceRequestMessages.effectiveDateTooFar;
  return null;
}
