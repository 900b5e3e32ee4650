import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '@gridfront/contracts/profile-image-limits';
import { useEffect, useId, useState } from 'react';
import { config } from '../../config/env.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { authHeaders } from '../../lib/api/auth-headers.ts';
import { notifyOutcome } from '../../lib/api/call-outcome.ts';
import { readAccessToken } from '../../lib/session/session-storage.ts';
import { useUploadProfileImageMutation } from './settings-api.ts';
import styles from './settings-page.module.css';

/** The form's own check of a chosen file (the server checks the bytes again). */
export function imageProblem(file: Pick<File, 'type' | 'size'>): 'imageType' | 'imageSize' | null {
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'imageType';
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return 'imageSize';
  return null;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The saved image needs the access token, so it is fetched and shown from a blob: URL. */
function useSavedImage(hasImage: boolean, version: number): string | null {
  const [url, setUrl] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the refetch trigger
  useEffect(() => {
    if (!hasImage) {
      setUrl(null);
      return;
    }
    let objectUrl: string | null = null;
    let active = true;
    void fetch(new URL(`${config.apiBase}/auth/userProfileImage`, window.location.origin), {
      headers: authHeaders(readAccessToken()),
      credentials: 'same-origin',
    })
      .then(async (response) => {
        if (!response.ok || !active) return;
        objectUrl = URL.createObjectURL(await response.blob());
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      active = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [hasImage, version]);
  return url;
}

export function ProfileImage({ hasProfile, hasImage }: { hasProfile: boolean; hasImage: boolean }) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [problem, setProblem] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [upload, { isLoading }] = useUploadProfileImageMutation();
  const savedUrl = useSavedImage(hasImage, version);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const issue = imageProblem(file);
    setProblem(issue ? t(`profile.${issue}`) : null);
    if (issue) return;
    if (!notifyOutcome(await upload({ image: await readAsDataUrl(file) }))) return;
    setVersion((value) => value + 1);
  };

  return (
    <div className={styles.image}>
      <h3 className={styles.subheading}>{t('profile.image')}</h3>
      {savedUrl ? <img className={styles.avatar} src={savedUrl} alt={t('profile.imageAlt')} /> : null}
      {hasProfile ? (
        <div className={styles.fileField}>
          <label htmlFor={inputId}>{t('profile.chooseImage')}</label>
          <p id={hintId} className={styles.hint}>
            {t('profile.imageHint')}
          </p>
          <input
            id={inputId}
            type="file"
            accept={PROFILE_IMAGE_TYPES.join(',')}
            disabled={isLoading}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => void onFile(event.currentTarget.files?.[0])}
          />
          {problem ? (
            <p id={errorId} className={styles.error}>
              {problem}
            </p>
          ) : null}
          {isLoading ? <p role="status">{t('profile.uploading')}</p> : null}
        </div>
      ) : (
        <p className={styles.hint}>{t('serverMessages.imageNeedsProfile')}</p>
      )}
    </div>
  );
}
