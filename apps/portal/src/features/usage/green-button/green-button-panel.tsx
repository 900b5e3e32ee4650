// The Green Button panel of /usage: Download My Data, and the user's own uploaded files, one of
// which the page can show on its charts instead of the meter (the page owns that choice).
import type { UtilityType } from '@gridfront/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { DownloadForm } from './download-form.tsx';
import styles from './green-button.module.css';
import { GREEN_BUTTON_NAMESPACE } from './texts.ts';
import { UploadForm } from './upload-form.tsx';
import { UploadList } from './upload-list.tsx';

export interface GreenButtonPanelProps {
  accountId: string;
  services: UtilityType[];
  shownUploadId: string | null;
  onShowUpload: (uploadId: string | null) => void;
}

export function GreenButtonPanel({
  accountId,
  services,
  shownUploadId,
  onShowUpload,
}: GreenButtonPanelProps) {
  const { t } = useTranslation(GREEN_BUTTON_NAMESPACE);
  return (
    <section className={`gf-surface ${styles.panel}`} aria-labelledby="green-button-heading">
      <h2 id="green-button-heading" className={styles.title}>
        {t('heading')}
      </h2>
      <p className={styles.hint}>{t('intro')}</p>
      <DownloadForm accountId={accountId} services={services} />
      <UploadForm />
      <UploadList shownUploadId={shownUploadId} onShowUpload={onShowUpload} />
    </section>
  );
}
