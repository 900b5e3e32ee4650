import { describe, expect, it } from 'vitest';
import {
  appointmentShapeProblem,
  appointmentTimeSlots,
  appointmentWindowProblem,
  contactMessages,
  contactUsRequest,
  zonedWallTime,
} from './contact.ts';

describe('appointment rules', () => {
  it('offers half-hour starts from 8:00 to 16:30', () => {
    const slots = appointmentTimeSlots();
    expect(slots[0]).toBe('08:00');
    expect(slots.at(-1)).toBe('16:30');
    expect(slots).toHaveLength(18);
  });

  it('reads wall-clock time in the zone, on both sides of a DST change', () => {
    expect(zonedWallTime('2025-01-15', '10:30', 'America/Chicago').toISOString()).toBe(
      '2025-01-15T16:30:00.000Z',
    );
    expect(zonedWallTime('2025-07-15', '10:30', 'America/Chicago').toISOString()).toBe(
      '2025-07-15T15:30:00.000Z',
    );
    expect(zonedWallTime('2025-03-10', '08:00', 'Europe/Berlin').toISOString()).toBe(
      '2025-03-10T07:00:00.000Z',
    );
    expect(zonedWallTime('2025-07-10', '08:00', 'Asia/Kolkata').toISOString()).toBe(
      '2025-07-10T02:30:00.000Z',
    );
  });

  it('names the broken rule', () => {
    expect(appointmentShapeProblem('2025-07-12', '10:00')?.message).toBe(contactMessages.appointmentWeekday);
    expect(appointmentShapeProblem('2025-02-29', '10:00')?.message).toBe(
      contactMessages.appointmentDateFormat,
    );
    expect(appointmentShapeProblem('2025-07-14', '17:00')?.message).toBe(contactMessages.appointmentHours);
    expect(appointmentShapeProblem('2025-07-14', '16:30')).toBeNull();
    const now = new Date('2025-07-14T15:00:00Z'); // 10:00 in Chicago
    expect(appointmentWindowProblem('2025-07-14', '09:30', 'America/Chicago', now)).toEqual({
      field: 'appointmentTime',
      message: contactMessages.appointmentPast,
    });
    expect(appointmentWindowProblem('2025-07-14', '10:30', 'America/Chicago', now)).toBeNull();
    expect(appointmentWindowProblem('2025-09-11', '10:00', 'America/Chicago', now)).toBeNull();
    expect(appointmentWindowProblem('2025-09-15', '10:00', 'America/Chicago', now)?.message).toBe(
      contactMessages.appointmentTooFar,
    );
  });

  it('checks appointment fields only when booking', () => {
    const base = { fullName: 'A', email: 'a@example.test', subject: 's', message: 'm', captcha: 'c' };
    expect(contactUsRequest.safeParse(base).success).toBe(true);
    const booking = contactUsRequest.safeParse({ ...base, kind: 'appointment' });
    expect(booking.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['appointmentDate', contactMessages.appointmentDateRequired],
    ]);
  });
});
