// The contact form's kinds and appointment hours apart from the schemas, so that the portal draws
// the form without loading zod (issue 7: /contactus' first render).
export const CONTACT_KINDS = ['message', 'appointment'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** When an appointment may be booked: Monday to Friday, 8:00–17:00 local time, up to 60 days ahead. */
export const APPOINTMENT_RULES = {
  maxDaysAhead: 60,
  openingHour: 8,
  closingHour: 17,
  slotMinutes: 30,
} as const;

/** Start times offered for an appointment: 08:00, 08:30 … 16:30 (the last one ends at closing). */
export function appointmentTimeSlots(): string[] {
  const slots: string[] = [];
  const { openingHour, closingHour, slotMinutes } = APPOINTMENT_RULES;
  for (let minutes = openingHour * 60; minutes + slotMinutes <= closingHour * 60; minutes += slotMinutes) {
    slots.push(
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
    );
  }
  return slots;
}
