import { PageShell } from '../../../components/ui/PageShell.tsx';
import './auth.css';

const sections: { id: string; title: string; body: string[] }[] = [
  {
    id: 'eligibility',
    title: '1. Eligibility',
    body: [
      'You must be at least 18 years old and legally able to enter into a contract where you live. You may open one account only, in your own name, and you must not use FIT24 Exchange where crypto-asset trading is prohibited or from a country subject to sanctions.',
      'We may ask you to verify your identity (KYC) before you deposit, withdraw or trade above certain limits, and we may refuse or close an account when the information given is incomplete or untrue.',
    ],
  },
  {
    id: 'security',
    title: '2. Your account and its security',
    body: [
      'You are responsible for keeping your password, your transaction password and the one-time codes we send you secret. Never share them, not even with someone who says they work for FIT24: we will never ask for them.',
      'Tell us at once if you think someone else has used your account. You can sign out every device from the Security screen. Withdrawals and transfers need your transaction password.',
    ],
  },
  {
    id: 'risks',
    title: '3. Risks of crypto-assets',
    body: [
      'The price of crypto-assets can rise or fall sharply within minutes, and you may lose all the money you put in. Past returns, staking yields and affiliate income are not a promise of future results.',
      'Crypto-assets are not legal tender and are generally not covered by deposit-guarantee or investor-compensation schemes. Transactions sent on a blockchain cannot be reversed: check every address and network before you withdraw.',
      'Nothing in the app is investment, tax or legal advice. Only trade with money you can afford to lose.',
    ],
  },
  {
    id: 'fees',
    title: '4. Fees',
    body: [
      'Trading, withdrawal and network fees are shown before you confirm an order or a withdrawal, and are taken from your balance when the order fills or the withdrawal is sent. Fees may change; changes apply from the moment they are published in the app.',
    ],
  },
  {
    id: 'affiliate',
    title: '5. Affiliate and staking programme',
    body: [
      'You may invite others with your referral code. Affiliate income is paid in FIT24 from a funded rewards pool according to the programme rules shown in the app (yield, boost, surge, ranks and offers), which we may change for future periods.',
      'Staked FIT24 is held in your staked balance and is not available for trading while staked. Creating accounts for yourself, buying referrals or any other abuse of the programme forfeits the income it produced.',
    ],
  },
  {
    id: 'termination',
    title: '6. Suspension and termination',
    body: [
      'You may close your account at any time once your balances are withdrawn. We may suspend or close an account to comply with the law, to investigate fraud or market abuse, or when these terms are broken; where the law allows we will tell you why and let you withdraw what is yours.',
    ],
  },
];

/** The terms of use, linked from register and welcome. */
export function TermsPage() {
  return (
    <PageShell page="terms" title="Terms of use" backHref="/">
      <article className="terms" data-testid="terms-content">
        <header className="fit24-intro">
          <h1>Terms of use</h1>
          <p>
            These terms govern your use of FIT24 Exchange: trading, deposits, withdrawals, staking and the
            affiliate programme. Please read them before you create an account.
          </p>
        </header>
        {sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>{section.title}</h2>
            {section.body.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
          </section>
        ))}
        <p className="terms__updated">Version 1.0.5 · Questions: support@fit24.exchange</p>
      </article>
    </PageShell>
  );
}
