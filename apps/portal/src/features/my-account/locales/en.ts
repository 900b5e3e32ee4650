// English texts of My Account, the signed-in customer's dashboard on /home: the reference shape the
// other languages match key for key.
export const en = {
  title: 'My Account',
  welcome: 'Welcome back, {{name}}. Here is your account at a glance.',
  intro: 'Your bill, usage, AutoPay and service requests at a glance.',
  accountPicker: 'Account',
  accountNumber: 'Account {{number}}',
  noAccount: 'No utility account is linked to your sign-in yet.',
  loading: 'Loading…',
  panelFailed: 'This part of your account could not be loaded.',
  accountFailed: 'Your account could not be loaded.',
  retry: 'Try again',
  amountDue: {
    heading: 'Amount due',
    nothingDue: 'Nothing to pay right now. Thank you!',
    pastDue: 'Past due',
  },
  autopay: {
    manage: 'Manage AutoPay',
    setUp: 'Set up AutoPay',
  },
  usage: {
    heading: 'Recent usage',
    chartLabel: '{{service}} use of the last {{count}} bill periods, in {{unit}}',
    latest: '{{month}}: {{quantity}}',
    change: '{{change}} against the same period last year',
    noLastYear: 'Nothing to compare with from last year.',
    empty: 'No usage has been recorded for this account yet.',
    more: 'See all your usage',
    unit: {
      kWh: 'kWh',
      therm: 'therms',
      gal: 'gallons',
    },
  },
  requests: {
    heading: 'Open service requests',
    empty: 'You have no open service requests.',
    unavailable: 'Your service requests cannot be shown yet. Start / Stop Service lists them.',
    effective: 'From {{date}}',
    more: 'Start, stop or move service',
    types: {
      start: 'Start service',
      stop: 'Stop service',
      transfer: 'Move service',
      plan_switch: 'Change rate plan',
    },
    status: {
      submitted: 'Submitted',
      in_progress: 'In progress',
      completed: 'Completed',
      cancelled: 'Cancelled',
    },
  },
  links: {
    heading: 'Shortcuts',
  },
};

export type MyAccountTexts = typeof en;
