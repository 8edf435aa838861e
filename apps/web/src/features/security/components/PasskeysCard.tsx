import { type TPasskey, ZPasskeyName } from '@fit24/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import {
  addOutline,
  createOutline,
  fingerPrintOutline,
  informationCircleOutline,
  trashOutline,
} from 'ionicons/icons';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Bone } from '../../../components/ui/Bone.tsx';
import { Pill } from '../../../components/ui/StatusChips.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { useAction } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { describeDelay, useNowSeconds } from '../../../lib/countdown.ts';
import { formatDate } from '../../../lib/date-time.ts';
import { formatAgo } from '../../../lib/format.ts';
import { sentence } from '../../../lib/forms.ts';
import { SECURITY_QUERY_KEY, useSecurity } from '../../../lib/security.ts';
import { supportsPasskeys } from '../../../lib/webauthn.ts';
import { AddPasskey } from './AddPasskey.tsx';
import { ConfirmSecondFactor } from './ConfirmSecondFactor.tsx';
import { SecurityPanel } from './SecurityPanel.tsx';
import './two-factor.css';

type Editing =
  | { kind: 'add' }
  | { kind: 'rename'; passkey: TPasskey }
  | { kind: 'remove'; passkey: TPasskey }
  | null;

/** One passkey's row: its name, when it was added and last used, rename and remove. */
function PasskeyRow({
  passkey,
  now,
  onRename,
  onRemove,
}: {
  passkey: TPasskey;
  now: number;
  onRename: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('security');
  const id = passkey.passkey_id;
  return (
    <li className="passkeys__row" data-testid={`security-passkey-${id}`}>
      <span className="passkeys__icon">
        <IonIcon icon={fingerPrintOutline} aria-hidden="true" />
      </span>
      <div className="passkeys__text">
        <h3 data-testid={`security-passkey-${id}-name`}>{passkey.name}</h3>
        <p>
          {t('passkeys.row.dates', {
            date: formatDate(passkey.creation_date),
            usage:
              passkey.last_used_date === null
                ? t('passkeys.row.neverUsed')
                : t('passkeys.row.used', { ago: formatAgo(passkey.last_used_date, now) }),
          })}
        </p>
      </div>
      <IonButton
        fill="clear"
        color="medium"
        onClick={onRename}
        aria-label={t('passkeys.row.rename', { name: passkey.name })}
        data-testid={`security-passkey-${id}-rename`}
      >
        <IonIcon icon={createOutline} slot="icon-only" aria-hidden="true" />
      </IonButton>
      <IonButton
        fill="clear"
        color="danger"
        onClick={onRemove}
        aria-label={t('passkeys.row.remove', { name: passkey.name })}
        data-testid={`security-passkey-${id}-remove`}
      >
        <IonIcon icon={trashOutline} slot="icon-only" aria-hidden="true" />
      </IonButton>
    </li>
  );
}

/** Renaming a passkey: the name only (no second factor: a name changes nothing about access). */
function RenamePasskey({
  passkey,
  onDone,
  onCancel,
}: {
  passkey: TPasskey;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('security');
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string>();
  const action = useAction();
  const save = () => {
    const checked = ZPasskeyName.safeParse(name);
    if (!checked.success) {
      setError(sentence(checked.error.issues[0]?.message ?? t('required')));
      return;
    }
    void action.run({
      send: () =>
        api.call('security.passkeyRename', { body: { passkey_id: passkey.passkey_id, name: checked.data } }),
      onSuccess: onDone,
    });
  };
  return (
    <form className="fit24-form tfa-confirm" onSubmit={(event) => event.preventDefault()} noValidate>
      <TextField
        label={t('passkeys.rename.label')}
        value={name}
        maxlength={60}
        onChange={(value) => {
          setName(value);
          setError(undefined);
        }}
        error={error}
        onEnter={save}
        testId="security-passkey-rename-name"
      />
      <div className="tfa-actions">
        <button
          type="button"
          className="fit24-link"
          onClick={onCancel}
          data-testid="security-passkey-rename-cancel"
        >
          {t('cancel')}
        </button>
        <SubmitButton busy={action.busy} onClick={save} testId="security-passkey-rename-save">
          {t('passkeys.rename.save')}
        </SubmitButton>
      </div>
    </form>
  );
}

/**
 * Passkeys: sign in without a password, and a second factor. Listed with their dates; add one (named),
 * rename, remove (with the second factor: removing one starts the cool-down).
 */
export function PasskeysCard() {
  const { t } = useTranslation('security');
  const query = useSecurity();
  const security = query.data?.security;
  const queryClient = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState<Editing>(null);
  // Ticks each minute, so "used 5 min ago" stays true on a screen left open or pulled to refresh.
  const now = useNowSeconds(60_000);
  const supported = supportsPasskeys();
  const refresh = () => queryClient.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
  const done = async (message: string) => {
    setEditing(null);
    toast.success(message);
    await refresh();
  };

  const passkeys = security?.passkeys ?? [];
  return (
    <SecurityPanel
      name="passkeys"
      title={t('passkeys.title')}
      lead={t('passkeys.lead')}
      status={
        security && (
          <Pill
            tone={passkeys.length > 0 ? 'success' : 'medium'}
            icon={fingerPrintOutline}
            testId="security-passkeys-count"
          >
            {passkeys.length === 0 ? t('passkeys.none') : t('passkeys.active', { count: passkeys.length })}
          </Pill>
        )
      }
    >
      {query.isPending && <Bone className="tfa-skeleton" />}
      {query.isError && <p className="fit24-muted">{query.error.message}</p>}
      {passkeys.length > 0 && (
        <ul className="passkeys__list" data-testid="security-passkey-list">
          {passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.passkey_id}
              passkey={passkey}
              now={now}
              onRename={() => setEditing({ kind: 'rename', passkey })}
              onRemove={() => setEditing({ kind: 'remove', passkey })}
            />
          ))}
        </ul>
      )}
      {security && passkeys.length === 0 && editing === null && (
        <p className="tfa-lead" data-testid="security-passkeys-empty">
          {t('passkeys.empty')}
        </p>
      )}
      {editing?.kind === 'rename' && (
        <RenamePasskey
          key={editing.passkey.passkey_id}
          passkey={editing.passkey}
          onDone={() => void done(t('passkeys.renamed'))}
          onCancel={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'remove' && (
        <ConfirmSecondFactor
          key={editing.passkey.passkey_id}
          confirmLabel={t('passkeys.remove.confirm')}
          color="danger"
          send={(proof) =>
            api.call('security.passkeyRemove', { body: { passkey_id: editing.passkey.passkey_id, ...proof } })
          }
          onDone={async (data) => {
            queryClient.setQueryData(SECURITY_QUERY_KEY, data);
            setEditing(null);
            toast.success(t('passkeys.removed'));
          }}
          onCancel={() => setEditing(null)}
          testId="security-passkey-remove-form"
        >
          <p className="tfa-lead">
            <Trans
              t={t}
              i18nKey="passkeys.remove.text"
              values={{ name: editing.passkey.name, delay: describeDelay(security?.cooldown_seconds ?? 0) }}
              components={{ b: <strong /> }}
            />
          </p>
        </ConfirmSecondFactor>
      )}
      {editing?.kind === 'add' && (
        <AddPasskey onAdded={() => done(t('passkeys.added'))} onCancel={() => setEditing(null)} />
      )}
      {security && editing === null && supported && (
        <SubmitButton
          busy={false}
          fill="outline"
          onClick={() => setEditing({ kind: 'add' })}
          testId="security-passkey-add"
        >
          <IonIcon icon={addOutline} slot="start" aria-hidden="true" />
          {t('passkeys.add')}
        </SubmitButton>
      )}
      {security && !supported && (
        <div className="fit24-notice">
          <IonIcon icon={informationCircleOutline} color="primary" aria-hidden="true" />
          <span>{t('passkeys.unsupported')}</span>
        </div>
      )}
    </SecurityPanel>
  );
}
