/** English strings of the bank screens (the source language: every other locale mirrors these keys). */
export default {
  title: 'Bank accounts',
  intro: 'Accounts in your name that you can withdraw to.',
  add: 'Add bank account',
  loading: 'Loading your bank accounts',
  added: '{{bank}} {{number}} added',
  empty: {
    title: 'No bank accounts yet',
    text: 'Add the account you want to withdraw to. It must be in your own name.',
  },
  form: {
    title: 'Add bank account',
    cancel: 'Cancel',
    intro: 'The account must be in your own name. Withdrawals to accounts of other people are refused.',
    holder: 'Account holder',
    bankName: 'Bank name',
    country: 'Bank country',
    accountNumber: 'Account number or IBAN',
    accountNumberExample: 'GB29 NWBK 6016 1331 9268 19',
    swift: 'SWIFT / BIC (optional)',
    swiftExample: 'NWBKGB2L',
    ifsc: 'IFSC (optional)',
    ifscExample: 'HDFC0001234',
    submit: 'Add bank account',
  },
};
