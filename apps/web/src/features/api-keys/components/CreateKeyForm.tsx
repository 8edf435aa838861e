import { API_KEY_SCOPES, type TApiKeyScope, ZApiKeyCreateBody } from '@fit24/contract';
import { IonCheckbox, IonIcon, IonSelect, IonSelectOption, IonTextarea } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { alertCircleOutline, warningOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useSecondFactor } from '../../../components/ui/SecondFactorField.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useSecondFactorErrorReset } from '../../../components/ui/second-factor-error.ts';
import { TextField } from '../../../components/ui/TextField.tsx';
import { scrollToFirstError, useForm } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { type FieldErrors, sentence } from '../../../lib/forms.ts';
import { API_KEYS_QUERY_KEY } from '../api/get-api-keys.ts';
import { EXPIRY_CHOICES, type ExpiryChoice, expiresAt } from '../lib/expiry.ts';
import { MAX_IP_ENTRIES, parseIpList } from '../lib/ip-list.ts';

export interface CreatedKey {
  keyId: string;
  label: string;
  secret: string;
}

const initial = {
  label: '',
  read: true,
  trade: false,
  withdraw: false,
  ips: '',
  expiry: 'd90' as ExpiryChoice,
};

/** The body's fields this form shows a refusal at (an allow-list entry is `ip_allowlist.<n>`). */
const SHOWN_FIELDS =
  /^(label|scopes|withdraw_enabled|ip_allowlist(\.\d+)?|expires_at|two_factor_code|passkey_token)$/;

/** The server's refusal of an allow-list entry names it `ip_allowlist` or `ip_allowlist.<n>`. */
function fieldError(errors: FieldErrors, field: string): string | undefined {
  return errors[field] ?? Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1];
}

function withoutIpErrors(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !key.startsWith('ip_allowlist')));
}

/**
 * A new personal key: label, permissions (withdraw only when ticked on purpose, with its warning), IP
 * allow-list checked entry by entry, expiry, and the second factor when it is on. The secret of the
 * answer goes to `onCreated` and nowhere else: it is never stored.
 */
export function CreateKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (key: CreatedKey) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('apiKeys');
  const queryClient = useQueryClient();
  const form = useForm(initial);
  const secondFactor = useSecondFactor({
    error: form.errors.two_factor_code ?? form.errors.passkey_token,
    onEnter: () => void submit(),
    testId: 'api-keys-2fa',
  });
  useSecondFactorErrorReset(secondFactor.proof, form.setErrors);
  const { values, errors } = form;
  const scopes = API_KEY_SCOPES.filter((scope) => values[scope]);
  const ipError = fieldError(errors, 'ip_allowlist');
  const scopeError = errors.scopes ?? errors.withdraw_enabled;

  /** What only the screen checks, in the person's language: a permission, and each allow-list entry. */
  const check = (): FieldErrors | null => {
    const problems: FieldErrors = { ...secondFactor.check() };
    if (scopes.length === 0) problems.scopes = t('create.scopesError');
    const ips = parseIpList(values.ips);
    if (ips.invalid.length > 0)
      problems.ip_allowlist = t('create.ipInvalid', {
        count: ips.invalid.length,
        entries: ips.invalid.join(', '),
      });
    else if (ips.entries.length > MAX_IP_ENTRIES)
      problems.ip_allowlist = t('create.ipTooMany', { max: MAX_IP_ENTRIES });
    return Object.keys(problems).length > 0 ? problems : null;
  };

  const submit = async () => {
    const early = check();
    if (early) {
      form.setErrors({ ...early, ...(values.label.trim() === '' ? { label: sentence('is required') } : {}) });
      setTimeout(() => scrollToFirstError(form.ref.current), 50);
      return;
    }
    let sent = false;
    await form.submit({
      schema: ZApiKeyCreateBody,
      body: {
        label: values.label,
        scopes,
        ...(values.withdraw ? { withdraw_enabled: 1 } : {}),
        ip_allowlist: parseIpList(values.ips).entries,
        expires_at: expiresAt(values.expiry, Math.floor(Date.now() / 1000)),
        ...secondFactor.proof,
      },
      send: (body) => {
        sent = true;
        return api.call('apiKey.create', { body });
      },
      // A refusal the server names a field of this form for is shown at that field, not in a toast too.
      onError: (error) => Object.keys(error.fields ?? {}).some((key) => SHOWN_FIELDS.test(key)),
      onSuccess: async ({ api_key, secret }) => {
        onCreated({ keyId: api_key.key_id, label: api_key.label, secret });
        await queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
      },
    });
    if (sent) secondFactor.reset();
  };

  return (
    <form
      className="fit24-form fit24-panel apikeys-form"
      ref={form.ref}
      noValidate
      onSubmit={(event) => event.preventDefault()}
      aria-labelledby="apikeys-form-title"
      data-testid="api-keys-form"
    >
      <h2 id="apikeys-form-title" className="apikeys-form__title">
        {t('create.title')}
      </h2>
      <TextField
        label={t('create.label')}
        value={values.label}
        onChange={(value) => form.set('label', value)}
        error={errors.label}
        helper={t('create.labelHelper')}
        placeholder={t('create.labelPlaceholder')}
        maxlength={60}
        autocomplete="off"
        testId="api-keys-label"
      />
      <fieldset
        className={`apikeys-scopes${scopeError ? ' apikeys-scopes--invalid' : ''}`}
        data-invalid={scopeError ? 'true' : undefined}
        data-testid="api-keys-scopes"
      >
        <legend>{t('create.scopes')}</legend>
        {API_KEY_SCOPES.map((scope: TApiKeyScope) => (
          <IonCheckbox
            key={scope}
            className={`apikeys-scope${scope === 'withdraw' ? ' apikeys-scope--withdraw' : ''}`}
            checked={values[scope]}
            labelPlacement="end"
            justify="start"
            onIonChange={(event) => {
              form.set(scope, event.detail.checked);
              form.setErrors((current) => ({ ...current, scopes: undefined, withdraw_enabled: undefined }));
            }}
            data-testid={`api-keys-scope-${scope}`}
          >
            <span className="apikeys-scope__name">{t(`scopes.${scope}.name`)}</span>
            <span className="apikeys-scope__hint">{t(`scopes.${scope}.hint`)}</span>
          </IonCheckbox>
        ))}
        {scopeError && (
          <p className="apikeys-field-error" data-testid="api-keys-scopes-error">
            <IonIcon icon={alertCircleOutline} aria-hidden="true" />
            {scopeError}
          </p>
        )}
      </fieldset>
      {values.withdraw && (
        <div
          className="fit24-notice fit24-notice--warning apikeys-notice"
          role="note"
          data-testid="api-keys-withdraw-warning"
        >
          <IonIcon icon={warningOutline} color="warning" aria-hidden="true" />
          <span>{t('withdrawWarning')}</span>
        </div>
      )}
      <IonTextarea
        className={`fit24-field apikeys-ips${ipError ? ' ion-invalid ion-touched' : ''}`}
        label={t('create.ipAllowlist')}
        labelPlacement="stacked"
        fill="outline"
        mode="md"
        rows={2}
        autoGrow
        autocapitalize="off"
        spellcheck={false}
        placeholder={t('create.ipPlaceholder')}
        value={values.ips}
        onIonInput={(event) => {
          form.set('ips', event.detail.value ?? '');
          if (ipError) form.setErrors((current) => withoutIpErrors(current));
        }}
        helperText={t('create.ipHelper')}
        errorText={ipError}
        aria-invalid={ipError ? 'true' : undefined}
        data-testid="api-keys-ips"
      />
      <IonSelect
        className={`fit24-field${errors.expires_at ? ' ion-invalid ion-touched' : ''}`}
        label={t('create.expiry')}
        labelPlacement="stacked"
        fill="outline"
        mode="md"
        interface="popover"
        value={values.expiry}
        onIonChange={(event) => form.set('expiry', event.detail.value as ExpiryChoice)}
        errorText={errors.expires_at}
        aria-invalid={errors.expires_at ? 'true' : undefined}
        data-testid="api-keys-expiry"
      >
        {EXPIRY_CHOICES.map((choice) => (
          <IonSelectOption key={choice} value={choice}>
            {t(`create.expiryOptions.${choice}`)}
          </IonSelectOption>
        ))}
      </IonSelect>
      {values.expiry === 'never' && (
        <p className="apikeys-hint" data-testid="api-keys-never-hint">
          {t('create.neverWarning')}
        </p>
      )}
      {secondFactor.field}
      <div className="apikeys-form__actions">
        <button type="button" className="fit24-link" onClick={onCancel} data-testid="api-keys-form-cancel">
          {t('create.cancel')}
        </button>
        <SubmitButton busy={form.busy} onClick={() => void submit()} testId="api-keys-submit">
          {t('create.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
