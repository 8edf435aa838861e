import { ZPasskeyName } from '@fit24/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSecondFactor } from '../../../components/ui/SecondFactorField.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useAction } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { describeUserAgent } from '../../../lib/format.ts';
import { sentence } from '../../../lib/forms.ts';
import { andThen, createPasskey, PASSKEY_CEREMONY_CODE } from '../../../lib/webauthn.ts';

/**
 * Adding a passkey: a name, the second factor when 2FA is on, then the device's prompt; the server
 * keeps the new passkey under that name.
 */
export function AddPasskey({
  onAdded,
  onCancel,
}: {
  onAdded: () => void | Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('security');
  const [name, setName] = useState(() => describeUserAgent(navigator.userAgent));
  const [errors, setErrors] = useState<{ name?: string; second?: string }>({});
  const action = useAction();
  const secondFactor = useSecondFactor({ error: errors.second, testId: 'security-passkey-add-2fa' });

  const submit = () => {
    const checked = ZPasskeyName.safeParse(name);
    const missing = secondFactor.check();
    if (!checked.success || missing) {
      setErrors({
        name: checked.success ? undefined : sentence(checked.error.issues[0]?.message ?? t('required')),
        second: missing?.two_factor_code,
      });
      return;
    }
    setErrors({});
    const proof = secondFactor.proof;
    void action.run({
      send: () =>
        andThen(api.call('security.passkeyOptions'), ({ options }) =>
          andThen(createPasskey(options), (passkey) =>
            api.call('security.passkeyRegister', { body: { name: checked.data, passkey, ...proof } }),
          ),
        ),
      onSuccess: async () => {
        secondFactor.reset();
        await onAdded();
      },
      onError: (refusal) => {
        // A refusal from the server may come after the proof was used up; the device's prompt did not use it.
        if (refusal.code !== PASSKEY_CEREMONY_CODE) secondFactor.reset();
        if (refusal.fields?.two_factor_code || refusal.fields?.passkey_token) {
          setErrors({ second: refusal.message });
          return true;
        }
        if (refusal.fields?.name) {
          setErrors({ name: sentence(refusal.fields.name) });
          return true;
        }
        return false;
      },
    });
  };

  return (
    <form
      className="fit24-form tfa-confirm"
      onSubmit={(event) => event.preventDefault()}
      noValidate
      data-testid="security-passkey-add-form"
    >
      <TextField
        label={t('passkeys.create.label')}
        helper={t('passkeys.create.helper')}
        value={name}
        maxlength={60}
        onChange={(value) => {
          setName(value);
          setErrors((current) => ({ ...current, name: undefined }));
        }}
        error={errors.name}
        onEnter={submit}
        testId="security-passkey-name"
      />
      {secondFactor.field}
      <div className="tfa-actions">
        <button
          type="button"
          className="fit24-link"
          onClick={onCancel}
          data-testid="security-passkey-add-cancel"
        >
          {t('cancel')}
        </button>
        <SubmitButton busy={action.busy} onClick={submit} testId="security-passkey-create">
          {t('passkeys.create.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
