/** English strings of the account screens (the source language: every other locale mirrors these keys). */
export default {
  account: {
    title: 'Account',
    profile: 'Profile',
    loading: 'Loading your profile',
    links: {
      security: 'Security',
      reserves: 'Proof of reserves',
      apiKeys: 'API keys',
      kyc: 'Identity (KYC)',
      bank: 'Bank accounts',
      notifications: 'Notifications',
      settings: 'Settings',
      share: 'Invite friends',
      version: 'Version',
    },
    signOut: 'Sign out',
  },
  settings: {
    title: 'Settings',
    loadingChoices: 'Loading your notification choices',
    loadError: 'Your settings could not be loaded. {{reason}}',
    tryAgain: 'Try again',
    saveError: 'Your settings could not be saved.',
  },
  appearance: {
    title: 'Appearance',
    lead: 'How FIT24 Exchange looks, on this device and the others you sign in on.',
    theme: 'Theme',
    modes: {
      dark: { label: 'Dark', hint: 'Easy on the eyes' },
      light: { label: 'Light', hint: 'Crisp in daylight' },
      system: { label: 'System', hint: 'Like this device' },
    },
  },
  notifications: {
    title: 'Notifications',
    lead: "Choose how we tell you. Every notification is also kept in the app's notification list.",
    caption: 'Notifications by email and push',
    event: 'Event',
    channels: { email: 'Email', push: 'Push' },
    toggle: '{{channel}}: {{event}}',
    events: {
      order_filled: { label: 'Order fills', hint: 'An order of yours is filled, in full or in part' },
      price_alert: { label: 'Price alerts', hint: 'A market reaches a price you set an alert for' },
      deposit_credited: { label: 'Deposits', hint: 'A deposit is credited to your wallet' },
      withdrawal_sent: { label: 'Withdrawals', hint: 'A withdrawal is sent, completes or comes back' },
      new_device_signin: {
        label: 'New sign-ins',
        hint: 'Your account is signed in from a new device or address; the email has the link to freeze it',
      },
      reward: { label: 'Rewards', hint: 'Affiliate income is paid or a rank is reached' },
    },
  },
  push: {
    title: 'Push on this device',
    status: { on: 'On', off: 'Off', blocked: 'Blocked', unsupported: 'Not available' },
    explain: {
      checking: 'Checking this device…',
      on: 'This device shows the notifications you chose for push above, even with the app closed.',
      off: 'Turn push on to be told at once on this device about the events you chose above.',
      blocked:
        "Notifications are blocked for FIT24 Exchange on this device. Allow them in the browser's or the phone's settings, then come back.",
    },
    unsupported: {
      browser: 'This browser cannot receive push notifications.',
      noWorker:
        'Push needs the app installed in this browser (its service worker), which has not finished yet. Reload the page and try again.',
      failed: 'Push is not available here.',
    },
    noToken: 'The device did not give a push token.',
    enableFailed: 'Push could not be turned on: {{reason}}',
    disableFailed: 'Push could not be turned off. Try again.',
    turnedOn: 'Push notifications are on for this device',
    turnedOff: 'Push notifications are off for this device',
    blocked: 'Notifications are blocked for this site: allow them in your settings',
    turnOn: 'Turn on push notifications',
    turnOff: 'Turn off on this device',
  },
};
