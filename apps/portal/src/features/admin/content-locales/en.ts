export const en = {
  loading: 'Loading the content…',
  loadFailed: 'The content could not be loaded.',
  retry: 'Try again',
  saved: 'Saved.',
  removed: 'Removed: visitors see the built-in text again.',
  documents: {
    heading: 'Pages and documents',
    intro:
      'Write each text in every language the utility offers. A visitor sees the text in their language, else in the default language, else the portal’s built-in text.',
    document: 'Document',
    language: 'Language of the text',
    text: 'Text',
    hint: 'Plain text: a blank line starts a new paragraph; a paragraph starting with ## is a heading. Leave it empty and save to use the built-in text again.',
    count: '{{count}} of {{max}} characters',
    preview: 'Preview',
    empty:
      'Nothing written in this language: visitors see the text of the default language or the built-in text.',
    startsFromBuiltIn:
      'Not saved in this language yet. This is the built-in text visitors see today: edit it, then save.',
    startsFromOther:
      'Not saved in this language yet. Visitors see this {{language}} text today: translate or edit it, then save.',
    save: 'Save text',
    lastSaved: 'Last saved {{when}}',
    kinds: {
      about: 'About Us',
      services: 'Services',
      privacyPolicy: 'Privacy policy',
      termsOfUse: 'Terms of use',
      paymentAgreement: 'Electronic Payment Agreement',
      contactHours: 'Contact hours',
      contactAddress: 'Office address',
    },
  },
  channels: {
    heading: 'Contact channels',
    intro: 'Shown on Contact Us and in the footer, the same in every language.',
    phone: 'Customer service phone',
    outagePhone: 'Outage phone',
    email: 'Customer service e-mail',
    save: 'Save channels',
  },
  errors: {
    tooLong: 'Use at most {{max}} characters.',
    language: 'This language is not enabled for the utility.',
    phone: 'Use digits, spaces and + ( ) - . only, at most 40 characters.',
    email: 'Enter a valid e-mail address.',
  },
  images: {
    heading: 'Logo and images',
    intro:
      'PNG, JPEG or WebP, up to {{max}} KiB each. SVG is not accepted, because it can carry script. Without an image the theme’s own art is shown.',
    slots: {
      logo: 'Logo (in the header, beside the name)',
      header: 'Header image',
      footer: 'Footer image',
    },
    current: 'Current {{slot}}',
    none: 'None: the theme’s art is shown.',
    file: 'Choose a file',
    upload: 'Upload',
    remove: 'Remove',
    uploaded: 'Uploaded.',
    removedImage: 'Removed: the theme’s art is shown again.',
    errors: {
      choose: 'Choose a file first.',
      type: 'Upload a PNG, JPEG or WebP image. SVG is not accepted.',
      tooLarge: 'The image is larger than {{max}} KiB.',
      empty: 'The file is empty.',
    },
  },
};

export type AdminContentTexts = typeof en;
