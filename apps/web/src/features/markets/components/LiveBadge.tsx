import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '../../../lib/ws-client-react.ts';

/** Whether the prices on screen are live: a green "Live" while the socket is open. */
export function LiveBadge() {
  const { t } = useTranslation('markets');
  const status = useLiveStatus();
  return (
    <span className={`live-badge live-badge--${status}`} data-testid="live-status" data-status={status}>
      <span className="live-badge__dot" aria-hidden="true" />
      {t(`live.${status}`)}
    </span>
  );
}
