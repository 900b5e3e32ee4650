import type { Dispatch } from '@reduxjs/toolkit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { continueSession, declineSession } from './session-refresh.ts';

/**
 * The session-expired dialog of spec points 4 and 8, drawn while the token-expired flag is set
 * (session-expiry-prompt.tsx loads it then, so the first load of every page does without it).
 */
export function SessionExpiredDialog({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const dispatch = useDispatch<Dispatch>();
  const [busy, setBusy] = useState(false);

  const onContinue = async () => {
    setBusy(true);
    try {
      await continueSession()(dispatch);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      open={open}
      title={t('messages.sessionExpiredTitle')}
      onCancel={() => declineSession()(dispatch)}
      actions={
        <button
          type="button"
          className="gf-button"
          onClick={() => void onContinue()}
          disabled={busy}
          aria-busy={busy}
          // biome-ignore lint/a11y/noAutofocus: the one action of a modal takes the focus when it opens
          autoFocus
        >
          {t('session.continue')}
        </button>
      }
    >
      <p>{t('messages.sessionExpiredQuestion')}</p>
    </ModalDialog>
  );
}
