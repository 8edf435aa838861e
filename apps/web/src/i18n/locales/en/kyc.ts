/** English strings of the kyc screens (the source language: every other locale mirrors these keys). */
export default {
  page: {
    title: 'Identity verification',
    loading: 'Loading your verification status',
    reason: 'Reason: {{reason}}',
    status: {
      NONE: {
        title: 'Verify your identity',
        text: 'Verify your identity to raise your withdrawal limit. Have your passport, ID card or driving licence ready; it takes about five minutes.',
      },
      PENDING: {
        title: 'Under review',
        text: 'We received your documents and are checking them, usually within one business day. We’ll notify you when it’s done.',
      },
      APPROVED: {
        title: 'You’re verified',
        text: 'Your identity is confirmed, and the verified withdrawal limit below applies to your account.',
      },
      REJECTED: {
        title: 'We could not verify you',
        text: 'Your last submission was rejected. Check that your details match your document and that the photos are sharp and complete, then submit again.',
      },
    },
  },
  limits: {
    loading: 'Loading your withdrawal limit',
    title: 'Withdrawal limits',
    lead: 'How much you can withdraw in any {{hours}} hours, in US-dollar value at the time of each withdrawal. Deposits, trading and transfers to other FIT24 users have no such limit.',
    tiers: { UNVERIFIED: 'Unverified', VERIFIED: 'Verified' },
    yourTier: 'Your tier',
    upTo: 'up to {{amount}} <window>per {{hours}} h</window>',
    used: 'Used in the last {{hours}} hours: <b>{{used}}</b> · <b>{{left}}</b> left',
  },
  form: {
    personal: 'Personal details',
    personalHint: 'As they appear on your identity document.',
    firstName: 'First name',
    lastName: 'Last name',
    dateOfBirth: 'Date of birth',
    minAge: 'You must be at least {{years}} years old',
    address: 'Address',
    street: 'Street address',
    city: 'City',
    postalCode: 'Postal code',
    document: 'Identity document',
    idTypes: { PASSPORT: 'Passport', NATIONAL_ID: 'National ID', DRIVING_LICENCE: 'Driving licence' },
    idNumber: 'Document number',
    front: {
      label: 'Front of the document',
      hint: 'JPEG, PNG or PDF, up to 5 MB; all four corners visible',
      missing: 'Upload the front of your document',
    },
    back: {
      label: 'Back of the document',
      hint: 'For ID cards and driving licences',
      missing: 'Upload the back of your document',
    },
    selfie: {
      label: 'Selfie',
      hint: 'Your face, clearly lit, holding the document',
      missing: 'Upload a selfie',
    },
    submit: 'Submit for review',
  },
  document: {
    optional: 'optional',
    uploading: 'Uploading {{label}}',
    replace: 'Replace',
    choose: 'Choose file',
    takePhoto: 'Take photo',
    tooLarge: 'This file is {{size}}; the limit is {{limit}}.',
    empty: 'This file is empty.',
    wrongType: 'Choose a JPEG or PNG photo, or a PDF.',
  },
};
