// Every user-facing message of the spec (points 5 and 8), word for word. The portal translates
// them by key; the server answers with the English text so that API clients see the spec's words.
export const messages = {
  usernameRequired: 'Username is required',
  emailRequired: 'Email Address is required',
  fullNameRequired: 'Full name is required',
  accountNoRequired: 'Account no is required',
  pinRequired: 'PIN is required',
  passwordRequired: 'Password is required',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  verificationCodeRequired: 'Verification code is required',
  confirmPasswordRequired: 'Confirm password is required',
  messageRequired: 'Message is required',
  subjectRequired: 'Subject is required',
  descriptionRequired: 'Description is required',
  serviceAddressRequired: 'Service address is required',
  mailingAddressRequired: 'Mailing address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  zipRequired: 'ZIP code is required',
  phoneRequired: 'Phone number is required',
  serviceRequestContactRequired: 'Account Holder Name, Effective Date, and Email are required',
  serviceRequestPremiseRequired: 'Service Address and Property Type are required',

  passwordMismatch: 'Password and Confirm password does not match',
  passwordRule:
    'Password must be at least 8 characters long, include an uppercase letter, a number, and a special character',
  invalidEmailFormat: 'Invalid email format',
  validEmail: 'Please enter a valid email address',
  accountNumberFormat: 'Account number must be exactly 10 digits',
  pinFormat: 'PIN must be exactly 4 digits',
  verificationCodeFormat: 'Verification code must be exactly 6 digits',
  phoneFormat: 'Phone number must be in the format (XXX) XXX-XXXX',
  zipFormat: 'Zip Code must be a 5-digit number',
  captchaRequired: 'Please complete the reCAPTCHA verification',

  invalidCredentials: 'Invalid username or password',
  accountDisabled: 'This account has been disabled. Please contact your utility’s administrator.',
  sessionEnded: 'Sorry, unable to continue your session. Please login again.',
  refreshFailed: 'Sorry, unable to continue your session',
  loginRequiredForPage: 'Please log in to access the {page} page',
  noPdf: 'No PDF found for this transaction.',
  sessionExpiredTitle: 'Session Expired',
  sessionExpiredQuestion: 'Your session has expired. Do you want to continue?',
  unexpectedError: 'Unexpected Application Error!',
} as const;

export type MessageKey = keyof typeof messages;

/** Reverse lookup so a client can translate a server message it recognises. */
export const messageKeyByText: ReadonlyMap<string, MessageKey> = new Map(
  (Object.entries(messages) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);
