import { IonButton, IonIcon } from '@ionic/react';
import { refreshOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState.tsx';
import './load-error.css';

/**
 * Data that could not be loaded: the reason, and "Try again" that refetches it (never an endless
 * skeleton). With a `title` and an `icon` it fills a screen; without, it sits inside a pane.
 */
export function LoadError({
  message,
  onRetry,
  title,
  icon,
  testId,
}: {
  message: string;
  onRetry: () => Promise<unknown>;
  title?: string;
  icon?: string;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    void onRetry().finally(() => setRetrying(false));
  };
  const button = (
    <IonButton
      size="small"
      fill="outline"
      onClick={retry}
      disabled={retrying}
      className={title ? 'fit24-load-error__retry' : undefined}
      data-testid={testId ? `${testId}-retry` : undefined}
    >
      <IonIcon icon={refreshOutline} slot="start" aria-hidden="true" />
      {t('actions.tryAgain')}
    </IonButton>
  );
  if (title && icon) {
    return (
      <div role="alert" data-testid={testId}>
        <EmptyState icon={icon} title={title}>
          <p className="fit24-muted">{message}</p>
          {button}
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="fit24-load-error" role="alert" data-testid={testId}>
      <p className="fit24-muted">{message}</p>
      {button}
    </div>
  );
}
