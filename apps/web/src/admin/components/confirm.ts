import { useIonAlert } from '@ionic/react';
import { useCallback } from 'react';

export interface ConfirmOptions {
  header: string;
  message: string;
  /** The confirming button's words ("Approve", "Freeze"). */
  confirm: string;
  /** Red confirming button: the action refuses, stops or removes something. */
  danger?: boolean;
  /** Ask for a reason too; `required` keeps the dialog open until one is typed. */
  reason?: { placeholder: string; required: boolean };
}

export type ConfirmAnswer = { ok: false } | { ok: true; reason: string };

/** A confirmation dialog before an action that moves money or changes access; resolves with the answer. */
export function useConfirm() {
  const [present] = useIonAlert();
  return useCallback(
    (options: ConfirmOptions) =>
      new Promise<ConfirmAnswer>((resolve) => {
        let answer: ConfirmAnswer = { ok: false };
        void present({
          header: options.header,
          message: options.message,
          cssClass: 'adm-alert',
          inputs: options.reason
            ? [
                {
                  name: 'reason',
                  type: 'textarea',
                  placeholder: options.reason.placeholder,
                  attributes: { 'data-testid': 'admin-confirm-reason', maxlength: 300 },
                },
              ]
            : [],
          buttons: [
            { text: 'Cancel', role: 'cancel', htmlAttributes: { 'data-testid': 'admin-confirm-cancel' } },
            {
              text: options.confirm,
              role: 'confirm',
              cssClass: options.danger ? 'adm-alert__danger' : 'adm-alert__ok',
              htmlAttributes: { 'data-testid': 'admin-confirm-ok' },
              handler: (data?: { reason?: string }) => {
                const reason = (data?.reason ?? '').trim();
                if (options.reason?.required && !reason) return false;
                answer = { ok: true, reason };
                return true;
              },
            },
          ],
          onDidDismiss: () => resolve(answer),
        });
      }),
    [present],
  );
}
