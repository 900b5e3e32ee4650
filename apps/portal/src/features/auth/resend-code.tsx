import { useTranslation } from '../../i18n/use-translation.ts';
import { notifyOutcome } from '../../lib/api/call-outcome.ts';
import { type ResendOtpRequest, useResendOtpMutation } from './auth-api.ts';

export interface ResendCodeProps {
  /** What the new code is for: a username (sign-up, recovery) or a pending sign-in. */
  query: () => ResendOtpRequest | null;
}

/** Resend Code (GET /auth/resendOTP) with the spec's loading, succeeded and failed statuses. */
export function ResendCode({ query }: ResendCodeProps) {
  const { t } = useTranslation();
  const [resend, { isLoading, isSuccess, isError }] = useResendOtpMutation();

  const onClick = async () => {
    const params = query();
    if (!params) return;
    notifyOutcome(await resend(params));
  };

  const status = isLoading
    ? t('codes.resending')
    : isSuccess
      ? t('codes.resent')
      : isError
        ? t('codes.resendFailed')
        : '';

  return (
    <>
      <button
        type="button"
        className="gf-button gf-button--secondary"
        onClick={() => void onClick()}
        disabled={isLoading}
        aria-busy={isLoading}
      >
        {t('codes.resend')}
      </button>
      <p role="status" aria-live="polite">
        {status}
      </p>
    </>
  );
}
