import type { Dispatch } from '@reduxjs/toolkit';
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { registerSessionRefresher } from '../api/session-expiry.ts';
import { askToContinueSession, continueSession, declineSession } from './session-refresh.ts';
import { type SessionRootState, selectTokenExpired } from './session-slice.ts';

/**
 * The session-expired dialog of spec points 4 and 8. While it is mounted, a 401 with a refresh
 * token asks the user here instead of ending the session at once.
 */
export function SessionExpiredDialog() {
  const { t } = useTranslation();
  const dispatch = useDispatch<Dispatch>();
  const open = useSelector((state: SessionRootState) => selectTokenExpired(state));
  const [busy, setBusy] = useState(false);

  useEffect(() => registerSessionRefresher(askToContinueSession), []);

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
        >
          {t('session.continue')}
        </button>
      }
    >
      <p>{t('messages.sessionExpiredQuestion')}</p>
    </ModalDialog>
  );
}
