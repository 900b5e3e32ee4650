import { TOAST_POSITION, TOAST_TIMEOUT_MS } from '@gridfront/contracts/constants';
import { ToastContainer } from 'react-toastify/unstyled';
// The unstyled build plus the stylesheet as a file: the default build injects a <style> tag at
// run time, which the server's CSP (style-src 'self') forbids.
import 'react-toastify/ReactToastify.css';
import './toast-host.css';
import { useTranslation } from '../../i18n/use-translation.ts';

/** The one toast container: 2000 ms, click to close, one at a time, top right, pause on hover. */
export function ToastHost() {
  const { t } = useTranslation();
  return (
    <ToastContainer
      position={TOAST_POSITION}
      autoClose={TOAST_TIMEOUT_MS}
      closeOnClick
      pauseOnHover
      pauseOnFocusLoss
      limit={1}
      newestOnTop
      draggable={false}
      theme="light"
      aria-label={t('app.notifications')}
    />
  );
}
