import { IonButton, IonIcon } from '@ionic/react';
import { checkmarkCircle, eyeOffOutline, terminalOutline } from 'ionicons/icons';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { readConfig } from '../../../lib/config.ts';
import { CopyValue } from './CopyValue.tsx';
import type { CreatedKey } from './CreateKeyForm.tsx';

/**
 * The new key and its secret, this once: both with copy buttons, the warning that the secret cannot be
 * shown again, and a short example of a signed call. Closing the panel forgets the secret.
 */
export function SecretPanel({ created, onDone }: { created: CreatedKey; onDone: () => void }) {
  const { t } = useTranslation('apiKeys');
  const title = useRef<HTMLHeadingElement>(null);
  // The panel replaces a longer form: bring it into view and move focus to it (screen readers read it next).
  useEffect(() => {
    title.current?.scrollIntoView?.({ block: 'start' });
    title.current?.focus({ preventScroll: true });
  }, []);
  // The API's origin: the page's own on the web, the configured server in the native shells.
  const example = t('secret.code', {
    keyId: created.keyId,
    baseUrl: readConfig().apiBase || window.location.origin,
  });
  return (
    <section
      className="fit24-panel apikeys-secret"
      aria-labelledby="apikeys-secret-title"
      data-testid="api-keys-secret"
    >
      <h2 id="apikeys-secret-title" className="apikeys-secret__title" ref={title} tabIndex={-1}>
        <IonIcon icon={checkmarkCircle} color="success" aria-hidden="true" />
        <span>{t('secret.title')}</span>
        <span className="apikeys-secret__label">{created.label}</span>
      </h2>
      <div
        className="fit24-notice fit24-notice--danger apikeys-notice"
        role="alert"
        data-testid="api-keys-secret-warning"
      >
        <IonIcon icon={eyeOffOutline} color="danger" aria-hidden="true" />
        <span>{t('secret.warning')}</span>
      </div>
      <CopyValue
        label={t('secret.keyId')}
        value={created.keyId}
        copyLabel={t('secret.copyKey')}
        testId="api-keys-secret-key"
      />
      <CopyValue
        label={t('secret.secret')}
        value={created.secret}
        copyLabel={t('secret.copySecret')}
        secret
        testId="api-keys-secret-value"
      />
      <h3 className="apikeys-secret__example-title">
        <IonIcon icon={terminalOutline} aria-hidden="true" />
        {t('secret.example')}
      </h3>
      <p className="apikeys-secret__lead">{t('secret.exampleLead')}</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling code block must be reachable by keyboard */}
      <pre className="apikeys-secret__code" tabIndex={0} data-testid="api-keys-example">
        <code>{example}</code>
      </pre>
      <IonButton expand="block" onClick={onDone} data-testid="api-keys-secret-done">
        {t('secret.done')}
      </IonButton>
    </section>
  );
}
