import { checkmarkCircle, closeCircle, notificationsOffOutline } from 'ionicons/icons';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Pill } from '../../../components/ui/StatusChips.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { devicePush, type PushState } from '../lib/device-push.ts';
import { SettingsPanel } from './SettingsPanel.tsx';

const STATUS: Record<
  PushState['kind'],
  { label: string; tone: 'success' | 'medium' | 'danger'; icon: string }
> = {
  on: { label: 'On', tone: 'success', icon: checkmarkCircle },
  off: { label: 'Off', tone: 'medium', icon: notificationsOffOutline },
  blocked: { label: 'Blocked', tone: 'danger', icon: closeCircle },
  unsupported: { label: 'Not available', tone: 'medium', icon: notificationsOffOutline },
};

function explain(state: PushState | null): string {
  if (!state) return 'Checking this device…';
  switch (state.kind) {
    case 'on':
      return 'This device shows the notifications you chose for push above, even with the app closed.';
    case 'off':
      return 'Turn push on to be told at once on this device about the events you chose above.';
    case 'blocked':
      return "Notifications are blocked for FIT24 Exchange on this device. Allow them in the browser's or the phone's settings, then come back.";
    case 'unsupported':
      return state.reason;
  }
}

function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `Push could not be turned on: ${message}`;
}

/** This device's push state, and turning it on or off with a toast saying how it went. */
function useDevicePush() {
  const device = useMemo(() => devicePush(), []);
  const toast = useToast();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async () => {
    const now = await device
      .state()
      .catch((): PushState => ({ kind: 'unsupported', reason: 'Push is not available here.' }));
    setState(now);
    // On already: make sure the server has this device under the account signed in now.
    if (now.kind === 'on') await device.resync().catch(() => undefined);
  }, [device]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      const next = on ? await device.enable() : await device.disable();
      setState(next);
      if (next.kind === 'on') toast.success('Push notifications are on for this device');
      else if (next.kind === 'off' && !on) toast.success('Push notifications are off for this device');
      else if (next.kind === 'blocked')
        toast.error('Notifications are blocked for this site: allow them in your settings');
    } catch (error) {
      toast.error(on ? reason(error) : 'Push could not be turned off. Try again.');
      await refresh();
    } finally {
      setBusy(false);
    }
  };
  return { state, busy, change };
}

/** Push on this device: asks the permission, subscribes, and tells the server; or turns it off again. */
export function PushDevicePanel() {
  const { state, busy, change } = useDevicePush();
  const status = state && STATUS[state.kind];
  return (
    <SettingsPanel
      name="push"
      title="Push on this device"
      lead={explain(state)}
      status={
        status && (
          <Pill tone={status.tone} icon={status.icon} testId="settings-push-status">
            {status.label}
          </Pill>
        )
      }
    >
      {state?.kind === 'off' && (
        <SubmitButton busy={busy} onClick={() => void change(true)} testId="settings-push-on">
          Turn on push notifications
        </SubmitButton>
      )}
      {state?.kind === 'on' && (
        <SubmitButton
          busy={busy}
          fill="outline"
          onClick={() => void change(false)}
          testId="settings-push-off"
        >
          Turn off on this device
        </SubmitButton>
      )}
    </SettingsPanel>
  );
}
