// The service-request calls' own messages (beyond the spec's), apart from the zod schemas so that
// the portal's translations can import them without loading zod.
export const serviceRequestMessages = {
  effectiveDateFormat: 'Please enter a valid effective date',
  effectiveDatePast: 'The effective date cannot be in the past',
  effectiveDateTooFar: 'The effective date can be at most 90 days ahead',
  servicesRequired: 'Please choose at least one service',
  newAddressRequired: 'The new service address and its ZIP code are required for a transfer',
  agreementRequired: 'Please accept the Electronic Payment Agreement to continue',
  notServed: 'We do not provide service at this address. Please check the ZIP code or contact us.',
  newAddressNotServed:
    'We do not provide service at the new address. Please check its ZIP code or contact us.',
  signInToStop: 'Please log in to stop or transfer service',
  notYourPremise: 'Stop and transfer requests are for the service addresses on your account',
  stopBeforeStart: 'A stop cannot be dated before the service at this address starts',
  conflict: 'A service request for this address and date is already open',
  verified: 'We can take this request. Please continue.',
  submitted:
    'Thank you, your service request has been received. We have e-mailed you a confirmation with its reference number.',
} as const;
export type ServiceRequestMessageKey = keyof typeof serviceRequestMessages;
