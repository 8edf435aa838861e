import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import './auth.css';

/** The version of these terms and where questions go: the same in every language. */
const TERMS_VERSION = '1.0.5';
const SUPPORT_EMAIL = 'support@fit24.exchange';

/** Each section's id (its anchor, and its title's key: auth:terms.<id>.title) and its paragraphs' keys, in order. */
const sections = [
  { id: 'eligibility', paragraphs: ['terms.eligibility.p1', 'terms.eligibility.p2'] },
  { id: 'security', paragraphs: ['terms.security.p1', 'terms.security.p2'] },
  { id: 'risks', paragraphs: ['terms.risks.p1', 'terms.risks.p2', 'terms.risks.p3'] },
  { id: 'fees', paragraphs: ['terms.fees.p1'] },
  { id: 'affiliate', paragraphs: ['terms.affiliate.p1', 'terms.affiliate.p2'] },
  { id: 'termination', paragraphs: ['terms.termination.p1'] },
] as const;

/** The support address as a link (its text comes from the sentence it sits in). */
function MailLink({ children }: { children?: ReactNode }) {
  return <a href={`mailto:${SUPPORT_EMAIL}`}>{children}</a>;
}

/** The terms of use, linked from register and welcome. */
export function TermsPage() {
  const { t } = useTranslation('auth');
  return (
    <PageShell page="terms" title={t('terms.title')} backHref="/">
      <article className="terms" data-testid="terms-content">
        <header className="fit24-intro">
          <h1>{t('terms.title')}</h1>
          <p>{t('terms.lead')}</p>
        </header>
        {sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>{t(`terms.${section.id}.title`)}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{t(paragraph)}</p>
            ))}
          </section>
        ))}
        <p className="terms__updated">
          <Trans
            t={t}
            i18nKey="terms.footer"
            values={{ version: TERMS_VERSION, email: SUPPORT_EMAIL }}
            components={{ mail: <MailLink /> }}
          />
        </p>
      </article>
    </PageShell>
  );
}
