// "Switch to this plan": files a request for the utility's staff (who change plans with the next
// bill) and says so, with a way to the customer's requests. One key per plan and result, so a
// double click or a retry after a lost answer files one request.
import type { ComparedPlan } from '@gridfront/contracts/rate-comparison';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './gridx-page.module.css';
import { useSwitchPlanMutation } from './rates-api.ts';
import { failureText } from './server-text.ts';
import { RATES_NAMESPACE } from './texts.ts';

export function SwitchPlan({ resultId, plan }: { resultId: string; plan: ComparedPlan }) {
  const { t } = useTranslation(RATES_NAMESPACE);
  const [switchPlan, { isLoading }] = useSwitchPlanMutation();
  const key = useRef(crypto.randomUUID());
  const [reference, setReference] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function request() {
    setFailure(null);
    const result = await switchPlan({
      compareResultId: resultId,
      tariffId: plan.tariffId,
      idempotencyKey: key.current,
    });
    if (result.error) setFailure(failureText(result.error, t));
    else setReference(result.data.referenceNumber);
  }

  if (reference) {
    return (
      <div role="status" className={styles.switched}>
        <p>{t('result.switched', { reference, plan: plan.name })}</p>
        <Link to="/todo">{t('result.seeRequests')}</Link>
      </div>
    );
  }
  return (
    <div>
      <button type="button" className="gf-button" onClick={request} disabled={isLoading}>
        {isLoading ? t('result.switching') : t('result.switch', { plan: plan.code || plan.name })}
      </button>
      {failure ? (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      ) : null}
    </div>
  );
}
