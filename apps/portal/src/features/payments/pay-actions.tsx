// On Account Information: "Pay my Bill" (a hosted checkout for this account) and the Click/Scan to
// Pay view, a QR code of Quick Pay with the account filled in, to pay from a phone.
import './texts.ts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { notify } from '../../lib/toast/toast.ts';
import { useGenerateCustomerTokenUrlMutation } from './account-payments-api.ts';
import { openCheckout, payHostUrl } from './open-checkout.ts';
import { paymentFailureText } from './payment-text.ts';
import styles from './payments.module.css';

export function PayActions({
  accountId,
  accountNumber,
  returnPath = '/accountInfo',
}: {
  accountId: string;
  accountNumber: string;
  /** Where the hosted checkout sends the payer back to. */
  returnPath?: string;
}) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [generate, state] = useGenerateCustomerTokenUrlMutation();

  const pay = async () => {
    const result = await generate({ accountId, returnPath });
    if (result.data) openCheckout(result.data.url, navigate);
    else notify.error(paymentFailureText(result.error));
  };

  return (
    <div className={styles.actions}>
      <button
        type="button"
        className="gf-button"
        onClick={pay}
        disabled={state.isLoading}
        aria-busy={state.isLoading}
      >
        {state.isLoading ? t('payBill.opening') : t('payBill.pay')}
      </button>
      <button type="button" className="gf-button gf-button--secondary" onClick={() => setOpen(true)}>
        {t('payBill.clickToPay')}
      </button>
      <ModalDialog
        open={open}
        title={t('payBill.clickToPayTitle')}
        onCancel={() => setOpen(false)}
        actions={
          <>
            <button type="button" className="gf-button" onClick={pay} disabled={state.isLoading}>
              {t('payBill.payHere')}
            </button>
            <button type="button" className="gf-button gf-button--secondary" onClick={() => setOpen(false)}>
              {t('payBill.close')}
            </button>
          </>
        }
      >
        <p>{t('payBill.clickToPayText', { account: accountNumber })}</p>
        {open ? (
          <img
            className={styles.qr}
            src={payHostUrl(`/payment/quickPayQr?account=${encodeURIComponent(accountNumber)}`)}
            alt={t('payBill.qrAlt', { account: accountNumber })}
            width={256}
            height={256}
          />
        ) : null}
      </ModalDialog>
    </div>
  );
}
