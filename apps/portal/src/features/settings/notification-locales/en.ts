// English texts of the Notifications section of /settings: the reference shape the other
// languages match key for key. Type names match the e-mails' own footer (server mail templates).
export const en = {
  heading: 'E-mail notifications',
  intro:
    'Choose which e-mails we send to {{email}}. Every notice also has a link to stop that kind of e-mail.',
  loading: 'Loading your notification choices…',
  loadFailed: 'We could not load your notification choices.',
  retry: 'Try again',
  saved: 'Saved: {{type}} is {{state}}.',
  on: 'on',
  off: 'off',
  saveFailed: 'We could not save your choice. Please try again.',
  types: {
    bill_ready: {
      label: 'New bill ready',
      description: 'When your new bill is issued (paperless accounts).',
    },
    due_reminder: {
      label: 'Payment due reminders',
      description: 'A few days before the due date, while the bill is unpaid.',
    },
    past_due: {
      label: 'Past-due notices',
      description: 'When the due date has passed and the bill is not fully paid.',
    },
    autopay: {
      label: 'AutoPay notices',
      description: 'Before an AutoPay withdrawal, and when one cannot be made.',
    },
    service_requests: {
      label: 'Service request updates',
      description: 'When the status of your start, stop or transfer request changes.',
    },
  },
};

export type NotificationTexts = typeof en;
