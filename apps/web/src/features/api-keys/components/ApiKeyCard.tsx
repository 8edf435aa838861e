import type { TApiKey } from '@fit24/contract';
import { IonIcon, useIonAlert } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { alertCircle, banOutline, checkmarkCircle, timeOutline, trashOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { Pill } from '../../../components/ui/StatusChips.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { useAction } from '../../../components/ui/use-form.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { formatAgo } from '../../../lib/format.ts';
import { API_KEYS_QUERY_KEY } from '../api/get-api-keys.ts';
import { revokeApiKey } from '../api/revoke-api-key.ts';

const STATUS_LOOK = {
  ACTIVE: { tone: 'success', icon: checkmarkCircle },
  EXPIRED: { tone: 'warning', icon: timeOutline },
  REVOKED: { tone: 'medium', icon: banOutline },
} as const;

/** One key: its label and id, state, permissions, allow-list, dates, and "Revoke" after a confirmation. */
export function ApiKeyCard({ apiKey, now }: { apiKey: TApiKey; now: number }) {
  const { t } = useTranslation('apiKeys');
  const queryClient = useQueryClient();
  const toast = useToast();
  const revoking = useAction();
  const [presentAlert] = useIonAlert();
  const look = STATUS_LOOK[apiKey.status];
  const id = apiKey.key_id;

  const revoke = () =>
    revoking.run({
      send: () => revokeApiKey(id),
      onSuccess: async () => {
        toast.success(t('revoke.done'));
        await queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
      },
    });

  const confirm = () =>
    void presentAlert({
      header: t('revoke.header'),
      message: t('revoke.message', { label: apiKey.label }),
      buttons: [
        {
          text: t('revoke.cancel'),
          role: 'cancel',
          htmlAttributes: { 'data-testid': 'api-keys-revoke-cancel' },
        },
        {
          text: t('revoke.confirm'),
          role: 'destructive',
          cssClass: 'apikeys-alert-danger',
          htmlAttributes: { 'data-testid': 'api-keys-revoke-confirm' },
          handler: () => void revoke(),
        },
      ],
    });

  return (
    <article
      className={`apikeys-card apikeys-card--${apiKey.status.toLowerCase()}`}
      aria-labelledby={`apikeys-card-${id}`}
      data-testid={`api-key-${id}`}
      data-status={apiKey.status}
    >
      <header className="apikeys-card__head">
        <div className="apikeys-card__name">
          <h3 id={`apikeys-card-${id}`}>{apiKey.label}</h3>
          <code className="apikeys-card__id">{id}</code>
        </div>
        <Pill tone={look.tone} icon={look.icon} testId={`api-key-${id}-status`}>
          {t(`status.${apiKey.status}`)}
        </Pill>
      </header>
      <dl className="apikeys-card__facts">
        <div>
          <dt>{t('key.scopes')}</dt>
          <dd className="apikeys-card__scopes" data-testid={`api-key-${id}-scopes`}>
            {apiKey.scopes.map((scope) => (
              <span key={scope} className={`apikeys-scope-tag apikeys-scope-tag--${scope}`}>
                {scope === 'withdraw' && <IonIcon icon={alertCircle} aria-hidden="true" />}
                {t(`scopes.${scope}.name`)}
              </span>
            ))}
          </dd>
        </div>
        <div>
          <dt>{t('key.ipAllowlist')}</dt>
          <dd className="apikeys-card__ips" data-testid={`api-key-${id}-ips`}>
            {apiKey.ip_allowlist.length === 0
              ? t('key.anyAddress')
              : apiKey.ip_allowlist.map((ip) => <code key={ip}>{ip}</code>)}
          </dd>
        </div>
        <div>
          <dt>{apiKey.status === 'EXPIRED' ? t('key.expired') : t('key.expires')}</dt>
          <dd data-testid={`api-key-${id}-expires`}>
            {apiKey.expires_at === null ? t('key.never') : formatDateTime(apiKey.expires_at)}
          </dd>
        </div>
        <div>
          <dt>{t('key.created')}</dt>
          <dd>{formatDateTime(apiKey.created_at)}</dd>
        </div>
        <div>
          <dt>{t('key.lastUsed')}</dt>
          <dd data-testid={`api-key-${id}-used`}>
            {apiKey.last_used_at === null ? t('key.notUsed') : formatAgo(apiKey.last_used_at, now)}
          </dd>
        </div>
        {apiKey.revoked_at !== null && (
          <div>
            <dt>{t('key.revokedAt')}</dt>
            <dd>{formatDateTime(apiKey.revoked_at)}</dd>
          </div>
        )}
      </dl>
      {apiKey.status !== 'REVOKED' && (
        <footer className="apikeys-card__foot">
          <SubmitButton
            busy={revoking.busy}
            color="danger"
            fill="outline"
            size="small"
            onClick={confirm}
            testId={`api-key-${id}-revoke`}
          >
            <IonIcon icon={trashOutline} slot="start" aria-hidden="true" />
            {t('key.revoke')}
          </SubmitButton>
        </footer>
      )}
    </article>
  );
}
