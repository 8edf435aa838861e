import type { TBank } from '@fit24/contract';
import { IonButton, IonIcon, IonRefresher, IonRefresherContent } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { addOutline, businessOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bone } from '../../../components/ui/Bone.tsx';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { useAccount } from '../../../lib/account.ts';
import { useCountries } from '../../../lib/countries.ts';
import { maskAccountNumber } from '../../../lib/format.ts';
import { useSignedIn } from '../../../lib/session.ts';
import { banksQueryOptions } from '../api/get-banks.ts';
import { AddBankModal } from '../components/AddBankModal.tsx';
import '../../../components/ui/forms.css';
import './bank.css';

function BankRow({ bank, flag }: { bank: TBank; flag: string | undefined }) {
  return (
    <li className="bank__row" data-testid={`bank-item-${bank.bank_id}`}>
      <div className="bank__icon" aria-hidden="true">
        <IonIcon icon={businessOutline} />
      </div>
      <div className="bank__text">
        <strong>{bank.bank_name}</strong>
        <span>{bank.account_holder}</span>
        <span className="bank__codes">
          {[bank.swift_code && `SWIFT ${bank.swift_code}`, bank.ifsc_code && `IFSC ${bank.ifsc_code}`]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      <div className="bank__number">
        <span data-testid={`bank-item-number-${bank.bank_id}`}>{maskAccountNumber(bank.account_number)}</span>
        <span className="bank__country">
          {flag} {bank.country_code}
        </span>
      </div>
    </li>
  );
}

/** The user's bank accounts (bank.list) and adding one (bank.create). */
export function BankPage() {
  const { t } = useTranslation('bank');
  const banks = useQuery({ ...banksQueryOptions(), enabled: useSignedIn() });
  const account = useAccount().data?.account;
  const countries = useCountries().data?.countries;
  const queryClient = useQueryClient();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const list = banks.data?.banks ?? [];
  const flagOf = (code: string) => countries?.find((c) => c.code === code)?.flag;

  const add = (
    <IonButton expand="block" onClick={() => setAdding(true)} data-testid="bank-add">
      <IonIcon icon={addOutline} slot="start" aria-hidden="true" />
      {t('add')}
    </IonButton>
  );

  return (
    <PageShell page="bank" title={t('title')} backHref="/tabs/account">
      <IonRefresher
        slot="fixed"
        onIonRefresh={(event) => void banks.refetch().finally(() => event.detail.complete())}
      >
        <IonRefresherContent />
      </IonRefresher>
      <p className="fit24-muted bank__intro">{t('intro')}</p>
      {banks.isPending && (
        <ul className="bank__list" role="status" aria-label={t('loading')} data-testid="bank-loading">
          {[0, 1, 2].map((row) => (
            <li key={row} className="bank__row">
              <Bone className="bank__icon" />
              <div className="bank__text">
                <Bone style={{ width: '60%' }} />
                <Bone style={{ width: '40%' }} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {banks.isError && (
        <div className="fit24-notice fit24-notice--danger" data-testid="bank-error">
          {banks.error.message}
        </div>
      )}
      {banks.isSuccess && list.length === 0 && (
        <div className="bank__empty" data-testid="bank-empty">
          <IonIcon icon={businessOutline} aria-hidden="true" />
          <h2>{t('empty.title')}</h2>
          <p className="fit24-muted">{t('empty.text')}</p>
        </div>
      )}
      {list.length > 0 && (
        <ul className="bank__list" data-testid="bank-list">
          {list.map((bank) => (
            <BankRow key={bank.bank_id} bank={bank} flag={flagOf(bank.country_code)} />
          ))}
        </ul>
      )}
      {!banks.isPending && add}
      <AddBankModal
        key={account?.user_id ?? 0}
        isOpen={adding}
        country={account?.country_code ?? ''}
        holder={account?.name ?? ''}
        onClose={() => setAdding(false)}
        onAdded={(bank) => {
          setAdding(false);
          toast.success(t('added', { bank: bank.bank_name, number: maskAccountNumber(bank.account_number) }));
          queryClient.setQueryData(banksQueryOptions().queryKey, (old) =>
            old ? { banks: [...old.banks, bank] } : { banks: [bank] },
          );
          void queryClient.invalidateQueries({ queryKey: banksQueryOptions().queryKey });
        }}
      />
    </PageShell>
  );
}
