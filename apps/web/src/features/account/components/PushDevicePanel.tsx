import type { TFunction } from 'i18next';
import { checkmarkCircle, closeCircle, notificationsOffOutline } from 'ionicons/icons';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pill } from '../../../components/ui/StatusChips.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { devicePush, NoPushTokenError, type PushState } from '../lib/device-push.ts';
import { SettingsPanel } from './SettingsPanel.tsx';

/** Each state's pill (its words: account:push.status.<kind>). */
const STATUS: Record<PushState['kind'], { tone: 'success' | 'medium' | 'danger'; icon: string }> = {
  on: { tone: 'success', icon: checkmarkCircle },
  off: { tone: 'medium', icon: notificationsOffOutline },
  blocked: { tone: 'danger', icon: closeCircle },
  unsupported: { tone: 'medium', icon: notificationsOffOutline },
};

function explain(state: PushState | null, t: TFunction<'account'>): string {
  if (!state) return t('push.explain.checking');
  return state.kind === 'unsupported'
    ? t(`push.unsupported.${state.reason}`)
    : t(`push.explain.${state.kind}`);
}

function reason(error: unknown, t: TFunction<'account'>): string {
  const message =
    error instanceof NoPushTokenError
      ? t('push.noToken')
      : error instanceof Error
        ? error.message
        : String(error);
  return t('push.enableFailed', { reason: message });
}

/** This device's push state, and turning it on or off with a toast saying how it went. */
function useDevicePush() {
  const { t } = useTranslation('account');
  const device = useMemo(() => devicePush(), []);
  const toast = useToast();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async () => {
    const now = await device.state().catch((): PushState => ({ kind: 'unsupported', reason: 'failed' }));
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
      if (next.kind === 'on') toast.success(t('push.turnedOn'));
      else if (next.kind === 'off' && !on) toast.success(t('push.turnedOff'));
      else if (next.kind === 'blocked') toast.error(t('push.blocked'));
    } catch (error) {
      toast.error(on ? reason(error, t) : t('push.disableFailed'));
      await refresh();
    } finally {
      setBusy(false);
    }
  };
  return { state, busy, change };
}

/** Push on this device: asks the permission, subscribes, and tells the server; or turns it off again. */
export function PushDevicePanel() {
  const { t } = useTranslation('account');
  const { state, busy, change } = useDevicePush();
  const status = state && { ...STATUS[state.kind], label: t(`push.status.${state.kind}`) };
  return (
    <SettingsPanel
      name="push"
      title={t('push.title')}
      lead={explain(state, t)}
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
          {t('push.turnOn')}
        </SubmitButton>
      )}
      {state?.kind === 'on' && (
        <SubmitButton
          busy={busy}
          fill="outline"
          onClick={() => void change(false)}
          testId="settings-push-off"
        >
          {t('push.turnOff')}
        </SubmitButton>
      )}
    </SettingsPanel>
  );
}
