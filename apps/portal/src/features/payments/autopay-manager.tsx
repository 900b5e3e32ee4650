// AutoPay on Account Information: set it up or change it (the form loads when opened) and cancel it
// after a confirmation. The card goes to the processor through the server; nothing stays here.
import './texts.ts';
import type { AutopayEntry } from '@gridfront/contracts/billing';
import { Suspense, useState } from 'react';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { lazyPart } from '../../lib/lazy-part.tsx';
import { notify } from '../../lib/toast/toast.ts';
import { useAutopayCancelMutation } from './account-payments-api.ts';
import { paymentFailureText, paymentText } from './payment-text.ts';
import styles from './payments.module.css';

const AutopayForm = lazyPart(() => import('./autopay-form.tsx'));

export function AutopayManager({ accountId, autopay }: { accountId: string; autopay: AutopayEntry | null }) {
  const { t } = useTranslation('payments');
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [cancel, cancelling] = useAutopayCancelMutation();

  const onCancel = async () => {
    const result = await cancel({ accountId });
    setConfirming(false);
    if (result.data) notify.success(paymentText(result.data.message));
    else notify.error(paymentFailureText(result.error));
  };

  return (
    <div className={styles.autopay}>
      {open ? null : (
        <div className={styles.actions}>
          <button type="button" className="gf-button" onClick={() => setOpen(true)}>
            {autopay ? t('autopay.change') : t('autopay.setUp')}
          </button>
          {autopay ? (
            <button
              type="button"
              className="gf-button gf-button--secondary"
              onClick={() => setConfirming(true)}
            >
              {t('autopay.cancel')}
            </button>
          ) : null}
        </div>
      )}
      {open ? (
        <Suspense fallback={<p role="status">{t('autopay.loading')}</p>}>
          <AutopayForm accountId={accountId} autopay={autopay} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
      <ModalDialog
        open={confirming}
        title={t('autopay.confirmTitle')}
        onCancel={() => setConfirming(false)}
        actions={
          <>
            <button type="button" className="gf-button" onClick={onCancel} disabled={cancelling.isLoading}>
              {t('autopay.confirm')}
            </button>
            <button
              type="button"
              className="gf-button gf-button--secondary"
              onClick={() => setConfirming(false)}
            >
              {t('autopay.keep')}
            </button>
          </>
        }
      >
        <p>{t('autopay.confirmText')}</p>
      </ModalDialog>
    </div>
  );
}
