import { useLiveStatus } from '../../../lib/ws-client-react.ts';

const LABEL = { idle: 'Offline', connecting: 'Connecting…', open: 'Live', reconnecting: 'Reconnecting…' };

/** Whether the prices on screen are live: a green "Live" while the socket is open. */
export function LiveBadge() {
  const status = useLiveStatus();
  return (
    <span className={`live-badge live-badge--${status}`} data-testid="live-status" data-status={status}>
      <span className="live-badge__dot" aria-hidden="true" />
      {LABEL[status]}
    </span>
  );
}
