import { IonButton, IonIcon } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { addOutline, bookOutline, cloudOfflineOutline, keyOutline, openOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { ListSkeleton } from '../../../components/ui/ListSkeleton.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { PullToRefresh } from '../../../components/ui/PullToRefresh.tsx';
import { readConfig } from '../../../lib/config.ts';
import { useNowSeconds } from '../../../lib/countdown.ts';
import { API_KEYS_QUERY_KEY, useApiKeys } from '../api/get-api-keys.ts';
import { ApiKeyCard } from '../components/ApiKeyCard.tsx';
import { type CreatedKey, CreateKeyForm } from '../components/CreateKeyForm.tsx';
import { SecretPanel } from '../components/SecretPanel.tsx';
import '../../../components/ui/forms.css';
import '../../../components/ui/status.css';
import './api-keys.css';

/** The API's documentation: served by the API's own origin. */
const docsUrl = () => `${readConfig().apiBase}/api/docs`;

function DocsLink() {
  const { t } = useTranslation('apiKeys');
  return (
    <a
      className="apikeys-docs"
      href={docsUrl()}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="api-keys-docs"
    >
      <IonIcon icon={bookOutline} aria-hidden="true" />
      {t('docs')}
      <IonIcon icon={openOutline} aria-hidden="true" className="apikeys-docs__out" />
    </a>
  );
}

/**
 * Account → API keys (issue 17 §2): the user's personal keys for bots, a new one made under the second
 * factor, its secret shown this once, and revoking with a confirmation. The secret lives in this page's
 * state only: leaving or reloading the page forgets it.
 */
export function ApiKeysPage() {
  const { t } = useTranslation('apiKeys');
  const client = useQueryClient();
  const keys = useApiKeys();
  const now = useNowSeconds(60_000);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const list = keys.data?.api_keys ?? [];

  return (
    <PageShell page="api-keys" title={t('title')} backHref="/tabs/account">
      <PullToRefresh onRefresh={() => client.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY })} />
      <div className="apikeys-intro">
        <p className="apikeys-lead">{t('lead')}</p>
        <DocsLink />
      </div>
      <div className="apikeys-layout">
        <div className="apikeys-side">
          {created ? (
            <SecretPanel created={created} onDone={() => setCreated(null)} />
          ) : creating ? (
            <CreateKeyForm
              onCreated={(key) => {
                setCreating(false);
                setCreated(key);
              }}
              onCancel={() => setCreating(false)}
            />
          ) : (
            <IonButton
              expand="block"
              className="apikeys-new"
              onClick={() => setCreating(true)}
              disabled={!keys.isSuccess}
              data-testid="api-keys-new"
            >
              <IonIcon icon={addOutline} slot="start" aria-hidden="true" />
              {t('create.open')}
            </IonButton>
          )}
        </div>
        <section className="apikeys-list" aria-labelledby="apikeys-list-title">
          <h2 id="apikeys-list-title" className="apikeys-list__title">
            {t('title')}
            {list.length > 0 && (
              <span className="apikeys-list__count">{t('count', { count: list.length })}</span>
            )}
          </h2>
          {keys.isPending && <ListSkeleton rows={2} label={t('loading')} testId="api-keys-loading" />}
          {keys.isError && (
            <LoadError
              icon={cloudOfflineOutline}
              title={t('loadError')}
              message={keys.error.message}
              onRetry={() => keys.refetch()}
              testId="api-keys-error"
            />
          )}
          {keys.isSuccess && list.length === 0 && (
            <EmptyState icon={keyOutline} title={t('empty.title')} testId="api-keys-empty">
              <p>{t('empty.text')}</p>
            </EmptyState>
          )}
          {list.length > 0 && (
            <div className="apikeys-cards" data-testid="api-keys-list">
              {list.map((apiKey) => (
                <ApiKeyCard key={apiKey.key_id} apiKey={apiKey} now={now} />
              ))}
            </div>
          )}
        </section>
      </div>
    </PageShell>
  );
}
