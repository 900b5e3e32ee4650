// The brand's images (issue 14, in /admin/brand): the logo beside the utility's name, and the
// header and footer art. PNG, JPEG or WebP up to 512 KiB; the server checks the file's first bytes
// and refuses SVG (it can carry script). The header and footer change at once after an upload.
import './admin-content-texts.ts';
import type { AdminContentResponse } from '@gridfront/contracts/admin-content';
import {
  IMAGE_MAX_BYTES,
  IMAGE_SLOTS,
  IMAGE_TYPES,
  type ImageSlot,
} from '@gridfront/contracts/admin-content-basics';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage, errorStatus } from '../../lib/api/error-message.ts';
import { brandImagesOf, refreshBrandImages } from '../../lib/tenant/brand-images.ts';
import styles from './admin.module.css';
import own from './admin-content.module.css';
import {
  useAdminContentQuery,
  useRemoveAdminImageMutation,
  useUploadAdminImageMutation,
} from './admin-content-api.ts';
import { ADMIN_CONTENT_NAMESPACE } from './admin-content-texts.ts';
import { Loaded, type Outcome, Part } from './admin-parts.tsx';

const MAX_KIB = IMAGE_MAX_BYTES / 1024;

export function AdminImages() {
  const { t } = useTranslation(ADMIN_CONTENT_NAMESPACE);
  const content = useAdminContentQuery();
  return (
    <Part title={t('images.heading')} intro={t('images.intro', { max: MAX_KIB })}>
      <Loaded
        query={content}
        texts={{ loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry') }}
      >
        {({ images }) => (
          <ul className={own.slots}>
            {IMAGE_SLOTS.map((slot) => (
              <ImageSlotForm key={slot} slot={slot} images={images} />
            ))}
          </ul>
        )}
      </Loaded>
    </Part>
  );
}

export default AdminImages;

function ImageSlotForm({ slot, images }: { slot: ImageSlot; images: AdminContentResponse['images'] }) {
  const { t } = useTranslation(ADMIN_CONTENT_NAMESPACE);
  const [upload, uploading] = useUploadAdminImageMutation();
  const [remove, removing] = useRemoveAdminImageMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const stored = images.find((image) => image.slot === slot);
  // The stored URL, under the API base the portal talks to.
  const src = stored ? brandImagesOf({ [slot]: stored.url })[slot] : undefined;
  const label = t(`images.slots.${slot}`);

  const refuse = (text: string) => {
    setFieldError(text);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    setFieldError(undefined);
    const file = input.current?.files?.[0];
    if (!file) return refuse(t('images.errors.choose'));
    if (file.size === 0) return refuse(t('images.errors.empty'));
    if (file.size > IMAGE_MAX_BYTES) return refuse(t('images.errors.tooLarge', { max: MAX_KIB }));
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return refuse(t('images.errors.type'));
    const result = await upload({ slot, bytes: await file.arrayBuffer() });
    if ('error' in result && result.error) {
      const status = errorStatus(result.error);
      if (status === 413) return refuse(t('images.errors.tooLarge', { max: MAX_KIB }));
      if (status === 415) return refuse(t('images.errors.type'));
      if (status === 400) return refuse(t('images.errors.empty'));
      return setOutcome({ ok: false, text: errorMessage(result.error) });
    }
    if (input.current) input.current.value = '';
    await refreshBrandImages();
    setOutcome({ ok: true, text: t('images.uploaded') });
  };

  const onRemove = async () => {
    setOutcome(null);
    setFieldError(undefined);
    const result = await remove(slot);
    if ('error' in result && result.error) return setOutcome({ ok: false, text: errorMessage(result.error) });
    await refreshBrandImages();
    setOutcome({ ok: true, text: t('images.removedImage') });
  };

  return (
    <li className={own.slot}>
      <h3 id={`${id}-title`}>{label}</h3>
      {src ? (
        <img className={own.current} src={src} alt={t('images.current', { slot: label })} />
      ) : (
        <p className={own.hint}>{t('images.none')}</p>
      )}
      <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
        <p className={styles.field}>
          <label htmlFor={`${id}-file`}>{t('images.file')}</label>
          <input
            ref={input}
            id={`${id}-file`}
            className={own.file}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-error` : undefined}
            onChange={() => {
              setFieldError(undefined);
              setOutcome(null);
            }}
          />
          {fieldError ? (
            <span id={`${id}-error`} role="alert" className={styles.error}>
              {fieldError}
            </span>
          ) : null}
        </p>
        <p className={styles.actions}>
          <button type="submit" className="gf-button" disabled={uploading.isLoading}>
            {t('images.upload')}
          </button>
          {stored ? (
            <button
              type="button"
              className="gf-button gf-button--secondary"
              disabled={removing.isLoading}
              onClick={() => void onRemove()}
            >
              {t('images.remove')}
            </button>
          ) : null}
        </p>
        {outcome && !fieldError ? (
          <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? styles.ok : styles.error}>
            {outcome.text}
          </p>
        ) : null}
      </form>
    </li>
  );
}
