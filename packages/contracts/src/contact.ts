// POST /contact/contactus: the contact form of the spec ("Get in touch", Send Message, Book
// Appointment). One body for both: a message, or a message with a preferred date and time that
// is read as wall-clock time in the utility's time zone.
import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { APPOINTMENT_RULES, appointmentTimeSlots, CONTACT_KINDS } from './contact-basics.ts';
import { contactMessages } from './contact-messages.ts';
import {
  captchaField,
  contactEmailField,
  fullNameField,
  messageField,
  optionalPhoneField,
  subjectField,
} from './fields.ts';
import { idempotencyKeyField } from './idempotency.ts';
import { zonedToday } from './zoned-date.ts';

// The kinds and appointment hours live in a module without zod, so the portal's form can draw itself
// before the schemas are loaded.
export * from './contact-basics.ts';

// The texts live in a module without zod, so the portal's translations can use them alone.
export { contactMessages } from './contact-messages.ts';
// The idempotency key and today's date in a zone live in small modules of their own, so that a
// form that needs only them does not load the contact schemas.
export { IDEMPOTENCY_KEY_HEADER, idempotencyKeyField } from './idempotency.ts';
export { zonedToday } from './zoned-date.ts';

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^(\d{2}):(\d{2})$/;

/** Calendar parts of a YYYY-MM-DD date that exists (no 31 April), else null. */
function dateParts(date: string): { year: number; month: number; day: number } | null {
  const match = isoDatePattern.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day
    ? { year, month, day }
    : null;
}

/** The rules that need no clock: date and time present and well-formed, a weekday, business hours. */
export function appointmentShapeProblem(
  date: string,
  time: string,
): { field: 'appointmentDate' | 'appointmentTime'; message: string } | null {
  if (!date) return { field: 'appointmentDate', message: contactMessages.appointmentDateRequired };
  const parts = dateParts(date);
  if (!parts) return { field: 'appointmentDate', message: contactMessages.appointmentDateFormat };
  const weekday = new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay();
  if (weekday === 0 || weekday === 6)
    return { field: 'appointmentDate', message: contactMessages.appointmentWeekday };
  if (!time) return { field: 'appointmentTime', message: contactMessages.appointmentTimeRequired };
  if (!timePattern.test(time))
    return { field: 'appointmentTime', message: contactMessages.appointmentTimeFormat };
  if (!appointmentTimeSlots().includes(time)) {
    return { field: 'appointmentTime', message: contactMessages.appointmentHours };
  }
  return null;
}

/** Milliseconds the zone is ahead of UTC at an instant (e.g. −5 h for Chicago in summer). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant of a wall-clock date and time in a time zone (business hours never fall in a DST gap). */
export function zonedWallTime(date: string, time: string, timeZone: string): Date {
  const parts = dateParts(date);
  const match = timePattern.exec(time);
  if (!parts || !match) throw new RangeError(`not a date and time: ${date} ${time}`);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, Number(match[1]), Number(match[2]));
  const first = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(first, timeZone));
}

/** The rules that need the clock: strictly in the future and at most 60 days ahead. */
export function appointmentWindowProblem(
  date: string,
  time: string,
  timeZone: string,
  now: Date,
): { field: 'appointmentDate' | 'appointmentTime'; message: string } | null {
  const at = zonedWallTime(date, time, timeZone).getTime();
  if (at <= now.getTime()) {
    return {
      field: date === zonedToday(now, timeZone) ? 'appointmentTime' : 'appointmentDate',
      message: contactMessages.appointmentPast,
    };
  }
  if (at > now.getTime() + APPOINTMENT_RULES.maxDaysAhead * 86_400_000) {
    return { field: 'appointmentDate', message: contactMessages.appointmentTooFar };
  }
  return null;
}

const contactUsFields = z.object({
  kind: z.enum(CONTACT_KINDS).default('message'),
  fullName: fullNameField,
  email: contactEmailField,
  phoneNo: optionalPhoneField,
  subject: subjectField,
  message: messageField,
  /** Book Appointment: YYYY-MM-DD and HH:MM in the utility's time zone. Ignored for a message. */
  appointmentDate: z.string().trim().max(10).optional().default(''),
  appointmentTime: z.string().trim().max(5).optional().default(''),
  /** The portal's language, for the confirmation e-mail (else Accept-Language decides). */
  language: z.enum(LANGUAGES).optional(),
  /** Same role as the Idempotency-Key header, for clients that cannot set headers. */
  idempotencyKey: idempotencyKeyField.optional(),
  captcha: captchaField,
});

export const contactUsRequest = contactUsFields.superRefine((value, ctx) => {
  if (value.kind !== 'appointment') return;
  const problem = appointmentShapeProblem(value.appointmentDate, value.appointmentTime);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
});
export type ContactUsRequest = z.output<typeof contactUsRequest>;
export type ContactUsInput = z.input<typeof contactUsRequest>;

/**
 * The form's schema at a moment in a time zone: the request's rules plus the appointment window,
 * so the customer hears "in the future" and "60 days" before sending.
 */
export function contactUsFormSchema(timeZone: string, now: () => Date = () => new Date()) {
  return contactUsRequest.superRefine((value, ctx) => {
    if (value.kind !== 'appointment') return;
    if (appointmentShapeProblem(value.appointmentDate, value.appointmentTime)) return;
    const problem = appointmentWindowProblem(value.appointmentDate, value.appointmentTime, timeZone, now());
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
}

export const contactUsResponse = z.object({
  message: z.string(),
  /** What the customer quotes when they call; also in both e-mails. */
  referenceNumber: z.string(),
  kind: z.enum(CONTACT_KINDS),
  /** The booked start (ISO 8601, UTC) of an appointment, else null. */
  appointmentAt: z.string().nullable(),
});
export type ContactUsResponse = z.infer<typeof contactUsResponse>;
