// The user's uploads, newest first: each can be shown on the charts instead of the meter, hidden
// again, or deleted after a confirmation.
import type { GreenButtonUpload } from '@gridfront/contracts';
import { type ReactNode, useState } from 'react';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { formatDate } from '../../billing/format.ts';
import { useLanguage } from '../../billing/use-language.ts';
import styles from './green-button.module.css';
import { useDeleteGreenButtonUploadMutation, useGreenButtonUploadsQuery } from './green-button-api.ts';
import { greenButtonFailure } from './green-button-text.ts';
import { GREEN_BUTTON_NAMESPACE } from './texts.ts';

export interface UploadListProps {
  shownUploadId: string | null;
  onShowUpload: (uploadId: string | null) => void;
}

export function UploadList({ shownUploadId, onShowUpload }: UploadListProps) {
  const { t } = useTranslation(GREEN_BUTTON_NAMESPACE);
  const language = useLanguage();
  const { data, isError, refetch } = useGreenButtonUploadsQuery();
  const [remove, removal] = useDeleteGreenButtonUploadMutation();
  const [confirming, setConfirming] = useState<GreenButtonUpload | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!confirming) return;
    const upload = confirming;
    setError(null);
    try {
      await remove(upload.uploadId).unwrap();
      if (shownUploadId === upload.uploadId) onShowUpload(null);
      setMessage(t('uploads.deleted', { name: upload.name }));
    } catch (failure) {
      const reason = greenButtonFailure(failure);
      setError('key' in reason ? t(`serverMessages.${reason.key}`) : reason.text);
    } finally {
      setConfirming(null);
    }
  };

  let body: ReactNode;
  if (isError) {
    body = (
      <div role="alert" className={styles.error}>
        <p>{t('uploads.loadFailed')}</p>
        <button type="button" className="gf-button gf-button--secondary" onClick={() => refetch()}>
          {t('uploads.retry')}
        </button>
      </div>
    );
  } else if (data && data.uploads.length === 0) {
    body = <p>{t('uploads.none')}</p>;
  } else if (data) {
    body = (
      <ul className={styles.uploads}>
        {data.uploads.map((upload) => {
          const shown = upload.uploadId === shownUploadId;
          return (
            <li key={upload.uploadId} className={styles.upload}>
              <div>
                <p className={styles.uploadName}>{upload.name}</p>
                <p className={styles.hint}>
                  {t('uploads.details', {
                    service: t(`services.${upload.utilityType}`),
                    from: formatDate(upload.from, language),
                    to: formatDate(upload.to, language),
                    count: upload.readings,
                    unit: upload.unit,
                  })}
                  {shown ? ` · ${t('uploads.shown')}` : ''}
                </p>
                {upload.warnings.length > 0 ? (
                  <ul className={styles.warnings}>
                    {upload.warnings.map((warning) => (
                      <li key={warning}>{warning}</li>
                    ))}
                  </ul>
                ) : null}
              </div>
              <div className={styles.buttons}>
                <button
                  type="button"
                  className="gf-button gf-button--secondary"
                  aria-pressed={shown}
                  onClick={() => onShowUpload(shown ? null : upload.uploadId)}
                >
                  {shown ? t('uploads.hide') : t('uploads.show')}
                </button>
                <button
                  type="button"
                  className="gf-button gf-button--secondary"
                  aria-label={`${t('uploads.delete')}: ${upload.name}`}
                  onClick={() => setConfirming(upload)}
                >
                  {t('uploads.delete')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby="green-button-uploads-heading">
      <h3 id="green-button-uploads-heading" className={styles.subTitle}>
        {t('uploads.heading')}
      </h3>
      {body}
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <p role="status" className={styles.status}>
        {message}
      </p>
      <ModalDialog
        open={confirming !== null}
        title={t('uploads.deleteTitle')}
        onCancel={() => setConfirming(null)}
        actions={
          <>
            <button type="button" className="gf-button" onClick={confirmDelete} disabled={removal.isLoading}>
              {t('uploads.confirmDelete')}
            </button>
            <button
              type="button"
              className="gf-button gf-button--secondary"
              onClick={() => setConfirming(null)}
            >
              {t('uploads.cancel')}
            </button>
          </>
        }
      >
        <p>{t('uploads.deleteText', { name: confirming?.name ?? '' })}</p>
      </ModalDialog>
    </section>
  );
}
