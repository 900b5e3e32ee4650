// English texts of the payment pages (hosted checkout, Quick Pay, Click/Scan to Pay): the reference
// shape the other languages match key for key.
export const en = {
  testMode: {
    title: 'Test mode',
    text: 'No real money moves. Use card 4242 4242 4242 4242 (any future expiry, any 3 digits) or routing number 110000000 with account 000123456789. Card 4000 0000 0000 0002 is declined.',
  },
  loading: 'Loading your payment…',
  invalid: {
    heading: 'This payment link cannot be used',
    quickPay: 'Start a Quick Pay',
    account: 'Go to Account Information',
  },
  summary: {
    account: 'Account',
    accountEnding: 'ending {{last4}}',
    amountDue: 'Amount due',
    nothingDue: 'Nothing is due on this account right now.',
  },
  amount: {
    legend: 'Amount to pay',
    due: 'Amount due ({{amount}})',
    other: 'Another amount',
    otherLabel: 'Amount in dollars',
    otherHint: 'Part of the balance, or more: anything over the balance stays as a credit.',
  },
  method: {
    legend: 'Pay with',
    card: 'Debit or credit card',
    cardFee: '{{percent}} convenience fee',
    ach: 'Bank account (ACH)',
    achFee: '{{amount}} convenience fee',
  },
  card: {
    number: 'Card number',
    expiry: 'Expiry date',
    expiryHint: 'MM/YY',
    cvc: 'Security code (CVC)',
    cvcHint: '3 digits on the back, 4 on the front of American Express',
  },
  bank: {
    routing: 'Routing number',
    routingHint: '9 digits, at the bottom left of a check',
    account: 'Account number',
  },
  receipt: {
    email: 'E-mail for the receipt',
    emailOptional: 'E-mail for the receipt (optional)',
    onFile: 'We send the receipt to {{email}} unless you enter another address.',
  },
  check:
    'Paying by check? Mail it with the remittance stub of your bill. A check is applied by hand when it arrives, which can take several business days, so pay online if your due date is close.',
  totals: {
    amount: 'Payment',
    fee: 'Convenience fee',
    total: 'Total charged',
  },
  review: {
    action: 'Review payment',
    heading: 'Review your payment',
    payWith: 'Pay with',
    pay: 'Pay {{amount}}',
    paying: 'Paying…',
    edit: 'Change',
    agreement: 'By choosing Pay you authorise {{utility}} to charge the total above once.',
  },
  cancel: 'Cancel',
  result: {
    successHeading: 'Thank you, your payment is complete',
    confirmation: 'Confirmation number',
    paidWith: 'Paid with',
    date: 'Date',
    emailed: 'A receipt has been sent to {{email}}.',
    print: 'Print receipt',
    return: 'Return to the portal',
    failedHeading: 'The payment did not go through',
    failedNothingCharged: 'Nothing was charged.',
    tryAgain: 'Try another payment method',
    pendingHeading: 'We are confirming your payment',
    pendingText: 'The processor has not answered yet. This page updates by itself; please do not pay again.',
  },
  quickPay: {
    heading: 'Quick Pay',
    intro:
      'Pay without signing in: enter the account number and PIN from your bill. You will see the amount due on the next page.',
    accountNumber: 'Account number',
    pin: 'PIN',
    pinHint: 'The 4-digit PIN printed on your bill',
    continue: 'Continue to payment',
    continuing: 'Checking…',
    signIn: 'Have an online account? Log in',
  },
  payBill: {
    pay: 'Pay my Bill',
    opening: 'Opening the payment page…',
    clickToPay: 'Click/Scan to Pay',
    clickToPayTitle: 'Click/Scan to Pay',
    clickToPayText:
      'Scan this code with your phone’s camera to pay account {{account}} there with Quick Pay, or pay now on this device.',
    qrAlt: 'QR code that opens Quick Pay for account {{account}}',
    payHere: 'Pay now on this device',
    close: 'Close',
  },
  errors: {
    amount: 'Enter an amount of at least $0.01',
    amountTooLarge: 'A single payment can be at most $100,000.00',
    cardNumber: 'Card number is not valid',
    expiry: 'The card has expired or the expiry date is not valid',
    cvc: 'Security code must be 3 or 4 digits',
    routing: 'Routing number must be 9 digits with a valid check digit',
    bankAccount: 'Account number must be 4 to 17 digits',
    email: 'Please enter a valid email address',
    tokenInvalid: 'This payment link is not valid or has expired. Please start the payment again.',
    tokenUsed: 'This payment link has already been used.',
    inProgress: 'A payment from this page is already being processed.',
    tooManyDeclines:
      'This page has had too many declined attempts. Please start the payment again, or pay another way.',
    unavailable: 'Online payments are not available right now. Please try again later or contact us.',
    declined: 'Your card was declined.',
    insufficientFunds: 'Insufficient funds.',
    closedAccount: 'The bank account is closed.',
    notCharged: 'Not charged: the payment never reached the processor',
    network:
      'The payment page could not reach the server. Check your connection and try again; you will not be charged twice.',
  },
};

export type PaymentsTexts = typeof en;
