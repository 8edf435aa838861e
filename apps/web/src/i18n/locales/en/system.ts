/** English strings of the system screens (the source language: every other locale mirrors these keys). */
export default {
  update: {
    title: 'Update required',
    storeText:
      'This version of FIT24 Exchange is no longer supported. Install the latest version from {{store}} to carry on.',
    webText: 'A new version of FIT24 Exchange is out and this one is no longer supported. Reload to get it.',
    safe: 'Your funds and open orders are safe on the exchange.',
    reload: 'Reload',
    open: 'Open {{store}}',
    installed: 'Installed version {{version}}',
    stores: { ios: 'the App Store', android: 'Google Play' },
  },
  share: {
    title: 'Invite friends',
    copied: 'Invite link copied',
    copyFailed: 'Copying is not available here; select the link and copy it.',
    shareTitle: 'Join me on FIT24 Exchange',
    shareText: 'Trade and stake crypto with me.',
    invited: {
      heading: 'You’ve been invited',
      lead: 'Create your FIT24 Exchange account with invite code <code>{{code}}</code>: it’s filled in for you.',
      register: 'Create account',
      haveAccount: 'I already have an account',
    },
    own: {
      heading: 'Invite friends, grow your team',
      lead: 'Friends who join with your link become your direct partners in the FIT24 affiliate programme.',
      yourCode: 'Your code',
      copy: 'Copy link',
      share: 'Share',
      pending: 'Your invite code will appear here once your account is ready.',
    },
    visitor: {
      heading: 'Invite friends',
      lead: 'Sign in to get your personal invite link.',
      signIn: 'Sign in',
    },
  },
  version: {
    title: 'App version',
    loading: 'Loading',
    version: 'Version',
    code: 'Code',
  },
};
