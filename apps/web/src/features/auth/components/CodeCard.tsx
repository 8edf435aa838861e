import type { Envelope, TUser } from '@fit24/contract';
import { ZOtpBody } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { checkmarkCircle, ellipseOutline } from 'ionicons/icons';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ResendButton } from '../../../components/ui/ResendButton.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { OtpField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { useAction, useForm } from '../../../components/ui/use-form.ts';
import { RESEND_SECONDS, retryAfterOf, useCountdown } from '../../../lib/countdown.ts';

export interface CodeCardProps {
  title: string;
  /** Where the code went: the email address or the mobile number. */
  address: string;
  verified: boolean;
  /** Says whether verifying this one is needed to enter the app. */
  badge: string;
  verify: (otp: string) => Promise<Envelope<{ user: TUser }>>;
  resend: () => Promise<Envelope<{ retry_after: number }>>;
  onVerified: (user: TUser) => void | Promise<void>;
  /** When a code was sent from elsewhere (register, a number change), in ms: starts the countdown. */
  sentAt: number | null;
  /** e.g. "verify-email": inputs are `<prefix>-otp`, `<prefix>-submit`, `<prefix>-resend`. */
  testIdPrefix: string;
  children?: ReactNode;
}

/** One contact to verify: its state, the 6-digit code and a resend with its countdown. */
export function CodeCard({
  title,
  address,
  verified,
  badge,
  verify,
  resend,
  onVerified,
  sentAt,
  testIdPrefix: id,
  children,
}: CodeCardProps) {
  const { t } = useTranslation('auth');
  const form = useForm({ otp: '' });
  const resending = useAction();
  const countdown = useCountdown();
  const toast = useToast();
  const { start } = countdown;
  useEffect(() => {
    if (sentAt !== null) start(RESEND_SECONDS - Math.floor((Date.now() - sentAt) / 1000));
  }, [sentAt, start]);

  const submit = () =>
    form.submit({
      schema: ZOtpBody,
      body: form.values,
      send: (body) => verify(body.otp),
      onSuccess: async (data) => {
        form.set('otp', '');
        await onVerified(data.user);
      },
    });

  const sendAgain = () =>
    resending.run({
      send: resend,
      onSuccess: (data) => {
        start(retryAfterOf(data));
        toast.success(t('codeCard.resent', { address }));
      },
      onError: (error) => {
        if (error.code === 429) start(retryAfterOf(error));
        return false;
      },
    });

  return (
    <section className="fit24-panel" aria-label={title} data-testid={`${id}-card`}>
      <div className="fit24-panel__head">
        <div>
          <h2>{title}</h2>
          <p data-testid={`${id}-address`}>{address || '—'}</p>
        </div>
        <span
          className={`verify__state${verified ? ' verify__state--done' : ''}`}
          data-testid={`${id}-state`}
          data-verified={verified ? '1' : '0'}
        >
          <IonIcon icon={verified ? checkmarkCircle : ellipseOutline} aria-hidden="true" />
          {verified ? t('codeCard.verified') : badge}
        </span>
      </div>
      {!verified && (
        <form className="fit24-form" onSubmit={(event) => event.preventDefault()} noValidate>
          <OtpField
            label={t('codeCard.otp')}
            value={form.values.otp}
            onChange={(value) => form.set('otp', value)}
            error={form.errors.otp}
            onEnter={submit}
            testId={`${id}-otp`}
          />
          <div className="fit24-row">
            <ResendButton
              left={countdown.left}
              busy={resending.busy}
              onClick={sendAgain}
              testId={`${id}-resend`}
            />
            {children}
          </div>
          <SubmitButton busy={form.busy} onClick={submit} testId={`${id}-submit`}>
            {t('codeCard.submit')}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
