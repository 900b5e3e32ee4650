import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSession } from '../../lib/store-hooks.ts';
import { useTenant } from '../../lib/tenant/use-tenant.ts';
import { RequestList } from './request-list.tsx';
import { ServiceRequestFlow } from './service-request-flow.tsx';
import styles from './service-requests.module.css';
import { useToDoListQuery } from './service-requests-api.ts';
import { SERVICE_REQUESTS_NAMESPACE } from './texts.ts';

/** Until the utility's zone is known, the browser's own (the server checks with the real one). */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Start / Stop Service: the Service Request flow, and a signed-in customer's requests. */
export function TodoPage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation(SERVICE_REQUESTS_NAMESPACE);
  const session = useSession();
  const { timeZone } = useTenant();
  const signedIn = session.isLoggedIn;
  const list = useToDoListQuery(undefined, { skip: !signedIn });
  return (
    <PageFrame title={t('pageNames.todo')} intro={ts('intro')}>
      <div className={styles.layout}>
        <ServiceRequestFlow
          timeZone={timeZone ?? browserTimeZone()}
          signedIn={signedIn}
          onFiled={() => {
            if (signedIn) list.refetch();
          }}
        />
        {signedIn ? <RequestList /> : null}
      </div>
    </PageFrame>
  );
}

export default TodoPage;
