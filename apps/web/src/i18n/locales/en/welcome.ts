/** English strings of the welcome screen (the source language: every other locale mirrors these keys). */
export default {
  tagline: 'Trade, hold and stake crypto with confidence.',
  highlights: {
    trade: 'Trade BTC, ETH and FIT24 on live order books',
    stake: 'Stake FIT24 and earn daily affiliate income',
    protected: 'Withdrawals reviewed and protected by a transaction password',
  },
  signIn: 'Sign in',
  createAccount: 'Create account',
  legal: 'By continuing you accept the <terms>terms of use</terms>.',
};
