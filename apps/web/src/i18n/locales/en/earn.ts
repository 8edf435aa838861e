/** English strings of the earn screens (the source language: every other locale mirrors these keys). */
export default {
  title: 'Earn',
  hero: {
    eyebrow: 'FIT24 affiliate programme',
    title: 'Stake FIT24, earn every day',
    lead: 'Grow a team and boost your yield from {{from}}% to {{to}}% a day.',
    dailyYield: 'daily yield',
    boosted: 'once boosted',
    levels: 'income levels',
  },
  member: {
    title: 'You’re a member',
    text: 'Your stakes, team and earnings are on your dashboard.',
    open: 'Open dashboard',
  },
  join: {
    title: 'Join the programme',
    lead: 'Invited by someone? Enter their code so they become your sponsor.',
    code: 'Referral code (optional)',
    join: 'Join',
    welcome: 'Welcome to the FIT24 affiliate programme',
  },
  code: {
    empty: 'Optional: the code of the person who invited you.',
    invalid: 'A code has 4 to 16 letters or digits.',
    checking: 'Checking the code…',
    unchecked: 'The code could not be checked now; it is checked when you join.',
    notFound: 'Code not found',
    found: 'Sponsor: {{name}}',
  },
  steps: {
    title: 'How it works',
    stake: {
      title: 'Stake FIT24',
      text: 'From {{min}} FIT24. Every stake earns {{yield}}% a day, paid daily.',
    },
    boost: {
      title: 'Get boosted',
      text: 'When your partners’ stakes reach {{target}} × yours within {{window}} ({{after}} × after), it earns {{yield}}% a day.',
      pending: 'When your partners’ stakes reach their target, it earns more a day.',
    },
    levels: {
      title: 'Level income',
      text_one: 'Earn {{list}}% of the rewards of your team, {{words}} levels deep.',
      text_other: 'Earn {{list}}% of the rewards of your team, {{words}} levels deep.',
    },
    surge: {
      title: 'Surge weeks',
      text: 'Some weeks multiply every reward: 1.5 X, 2 X and more.',
    },
  },
  numberWords: {
    zero: 'no',
    one: 'one',
    two: 'two',
    three: 'three',
    four: 'four',
    five: 'five',
    six: 'six',
    seven: 'seven',
    eight: 'eight',
    nine: 'nine',
    ten: 'ten',
  },
};
