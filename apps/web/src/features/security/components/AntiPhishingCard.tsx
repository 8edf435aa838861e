import { ZAntiPhishingBody } from '@fit24/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSecondFactor } from '../../../components/ui/SecondFactorField.tsx';
import { SettingPill } from '../../../components/ui/StatusChips.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useSecondFactorErrorReset } from '../../../components/ui/second-factor-error.ts';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { useForm } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { SECURITY_QUERY_KEY, useSecurity } from '../../../lib/security.ts';
import { InsetForm } from './InsetForm.tsx';
import { SecurityPanel } from './SecurityPanel.tsx';
import './money-controls.css';

type Step = 'idle' | 'edit' | 'remove';

/** The anti-phishing code: a phrase every email from us shows, so a forged email gives itself away. */
export function AntiPhishingCard() {
  const { t } = useTranslation('security');
  const security = useSecurity().data?.security;
  const queryClient = useQueryClient();
  const toast = useToast();
  const form = useForm({ phrase: '' });
  const [step, setStep] = useState<Step>('idle');
  const secondFactor = useSecondFactor({
    error: form.errors.two_factor_code ?? form.errors.passkey_token,
    onEnter: () => void save(step === 'remove' ? null : form.values.phrase),
    testId: 'anti-phishing-2fa',
  });
  useSecondFactorErrorReset(secondFactor.proof, form.setErrors);
  const phrase = security?.anti_phishing_phrase ?? null;

  const close = () => {
    setStep('idle');
    form.setValues({ phrase: '' });
    form.setErrors({});
    secondFactor.reset();
  };

  const save = async (next: string | null) => {
    let sent = false;
    await form.submit({
      schema: ZAntiPhishingBody,
      body: { phrase: next, ...secondFactor.proof },
      check: () => secondFactor.check(),
      send: (body) => {
        sent = true;
        return api.call('security.antiPhishing', { body });
      },
      onSuccess: (data) => {
        queryClient.setQueryData(SECURITY_QUERY_KEY, data);
        toast.success(next === null ? t('antiPhishing.removed') : t('antiPhishing.saved'));
        close();
      },
    });
    if (sent) secondFactor.reset();
  };

  return (
    <SecurityPanel
      name="anti-phishing"
      title={t('antiPhishing.title')}
      lead={t('antiPhishing.lead')}
      status={
        security && (
          <SettingPill done={Boolean(phrase)} testId="anti-phishing-status">
            {phrase ? t('setting.set') : t('setting.notSet')}
          </SettingPill>
        )
      }
    >
      {phrase && step !== 'edit' && (
        <div className="controls-phrase">
          <span>{t('antiPhishing.current')}</span>
          <strong data-testid="anti-phishing-phrase">{phrase}</strong>
        </div>
      )}
      {step === 'idle' && security && (
        <div className="controls-buttons">
          <SubmitButton
            busy={false}
            fill="outline"
            onClick={() => setStep('edit')}
            testId="anti-phishing-edit"
          >
            {phrase ? t('antiPhishing.change') : t('antiPhishing.set')}
          </SubmitButton>
          {phrase && (
            <button
              type="button"
              className="fit24-link controls-link--danger controls-cancel"
              onClick={() => setStep('remove')}
              data-testid="anti-phishing-remove"
            >
              {t('antiPhishing.remove')}
            </button>
          )}
        </div>
      )}
      {step !== 'idle' && (
        <InsetForm
          formRef={form.ref}
          testId="anti-phishing-form"
          cancel={{ label: t('cancel'), onClick: close }}
        >
          {step === 'edit' ? (
            <TextField
              label={phrase ? t('antiPhishing.newLabel') : t('antiPhishing.label')}
              value={form.values.phrase}
              onChange={(value) => form.set('phrase', value)}
              error={form.errors.phrase}
              maxlength={20}
              helper={t('antiPhishing.helper')}
              autocomplete="off"
              onEnter={() => void save(form.values.phrase)}
              testId="anti-phishing-input"
            />
          ) : (
            <p className="controls-inset__text">{t('antiPhishing.removeText')}</p>
          )}
          {secondFactor.field}
          <SubmitButton
            busy={form.busy}
            color={step === 'remove' ? 'danger' : undefined}
            fill={step === 'remove' ? 'outline' : 'solid'}
            onClick={() => void save(step === 'remove' ? null : form.values.phrase)}
            testId="anti-phishing-save"
          >
            {step === 'remove' ? t('antiPhishing.remove') : t('antiPhishing.save')}
          </SubmitButton>
        </InsetForm>
      )}
    </SecurityPanel>
  );
}
