// The contact feature's server messages (POST /contact/contactus), apart from its zod schemas so
// that the portal's translations can import them without loading zod.
export const contactMessages = {
  messageSent: 'Thank you, your message has been sent. We will get back to you within one business day.',
  appointmentRequested:
    'Thank you, your appointment request has been received. We will confirm it within one business day.',
  appointmentDateRequired: 'Preferred date is required',
  appointmentTimeRequired: 'Preferred time is required',
  appointmentDateFormat: 'Please enter a valid date',
  appointmentTimeFormat: 'Please choose one of the offered times',
  appointmentWeekday: 'Appointments are available Monday to Friday only',
  appointmentHours: 'Appointments are available between 8:00 and 17:00',
  appointmentPast: 'Please choose a date and time in the future',
  appointmentTooFar: 'Appointments can be booked up to 60 days ahead',
  idempotencyKeyFormat:
    'The Idempotency-Key must be 8 to 128 letters, digits, dots, colons, dashes or underscores',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
} as const;
