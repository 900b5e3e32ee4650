import type {
  ContactUsInput,
  ContactUsRequest,
  ContactUsResponse,
  contactUsFormSchema,
} from '@gridfront/contracts/contact';
import { APPOINTMENT_RULES, appointmentTimeSlots } from '@gridfront/contracts/contact-basics';
import { zonedToday } from '@gridfront/contracts/zoned-date';
import { useEffect, useRef, useState } from 'react';
import { type Resolver, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { FormError } from '../../components/form-error.tsx';
import { SelectField, TextAreaField } from '../../components/form-fields.tsx';
import layout from '../../components/form-layout.module.css';
import { HumanCheck } from '../../components/human-check.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { reportFormFailure } from '../../lib/api/call-outcome.ts';
import { isFetchBaseQueryError } from '../../lib/api/error-message.ts';
import { useSession } from '../../lib/store-hooks.ts';
import { notify } from '../../lib/toast/toast.ts';
import { useContactSenderQuery, useContactUsMutation } from './contact-api.ts';
import { ContactConfirmation, type SentContact } from './contact-confirmation.tsx';
import { ModeChoice } from './contact-fields.tsx';
import styles from './contact-page.module.css';
import { contactFailureText, contactServerText, fieldError } from './contact-text.ts';

/**
 * The contact schemas (with zod and the form's resolver), loaded when the customer first works in
 * the form (or sends it), not with the page: the contract module builds its zod schemas as it is
 * evaluated, on the main thread while /contactus first renders (issue 7).
 */
type ContactContract = typeof import('@gridfront/contracts/contact') &
  Pick<typeof import('@hookform/resolvers/zod'), 'zodResolver'>;
let contract: Promise<ContactContract> | undefined;
function loadContract(): Promise<ContactContract> {
  contract ??= Promise.all([
    import('../../config/zod-jitless.ts').then(() => import('@gridfront/contracts/contact')),
    import('@hookform/resolvers/zod'),
  ]).then(([schemas, { zodResolver }]) => ({ ...schemas, zodResolver }));
  // A failed download is tried again at the next check.
  contract.catch(() => {
    contract = undefined;
  });
  return contract;
}

const emptyForm: ContactUsInput = {
  kind: 'message',
  fullName: '',
  email: '',
  phoneNo: '',
  subject: '',
  message: '',
  appointmentDate: '',
  appointmentTime: '',
  captcha: '',
};

function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Without an answer the message may still have arrived: a retry must carry the same key. */
function mayHaveArrived(error: unknown): boolean {
  if (!isFetchBaseQueryError(error)) return true;
  return typeof error.status !== 'number' || error.status >= 500;
}

/** The long name of the utility's zone ("Central Standard Time") in the reader's language. */
function zoneName(timeZone: string, language: string): string {
  try {
    const parts = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'long' }).formatToParts(
      new Date(),
    );
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

interface AppointmentFieldsProps {
  timeZone: string;
  language: string;
  dateRegistration: UseFormRegisterReturn;
  timeRegistration: UseFormRegisterReturn;
  dateError: string | undefined;
  timeError: string | undefined;
}

/**
 * The appointment's date and time, in the utility's zone. Its own component: the zone's calendar
 * (Intl with a time zone, the first use of which costs a phone tens of milliseconds) is worked out
 * only when an appointment is chosen, not while Contact Us first renders (issue 7: blocking time).
 */
function AppointmentFields(props: AppointmentFieldsProps) {
  const { t } = useTranslation();
  const { timeZone } = props;
  const today = zonedToday(new Date(), timeZone);
  const lastDay = zonedToday(new Date(Date.now() + APPOINTMENT_RULES.maxDaysAhead * 86_400_000), timeZone);
  const slots = appointmentTimeSlots().map((slot) => ({ value: slot, label: slot }));
  return (
    <fieldset className={styles.appointment}>
      <legend className={styles.modesLegend}>{t('contact.appointmentHeading')}</legend>
      <p className={layout.hint}>
        {t('contact.appointmentHint', { timeZone: zoneName(timeZone, props.language) })}
      </p>
      <div className={layout.row}>
        <TextField
          label={t('contact.appointmentDate')}
          type="date"
          min={today}
          max={lastDay}
          registration={props.dateRegistration}
          error={props.dateError}
        />
        <SelectField
          label={t('contact.appointmentTime')}
          placeholder={t('contact.chooseTime')}
          options={slots}
          registration={props.timeRegistration}
          error={props.timeError}
        />
      </div>
    </fieldset>
  );
}

export interface ContactFormProps {
  /** The utility's IANA time zone: appointment dates and times are its local time. */
  timeZone: string;
}

/** Send Message or Book Appointment, with the human check; the server answers with a reference. */
export function ContactForm({ timeZone }: ContactFormProps) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const [contactUs, call] = useContactUsMutation();
  const sender = useContactSenderQuery(undefined, { skip: !session.isLoggedIn });
  const [captchaRound, setCaptchaRound] = useState(0);
  const [sent, setSent] = useState<SentContact | null>(null);
  const idempotencyKey = useRef(newIdempotencyKey());

  // The schema knows the clock and the zone; the resolver reads the latest one. It is built at the
  // first check, not while the form first renders (issue 7: blocking time on a phone).
  const schemaRef = useRef<{ timeZone: string; schema: ReturnType<typeof contactUsFormSchema> } | null>(null);
  const timeZoneRef = useRef(timeZone);
  timeZoneRef.current = timeZone;
  const resolver: Resolver<ContactUsInput, unknown, ContactUsRequest> = async (values, context, options) => {
    const zone = timeZoneRef.current;
    const { contactUsFormSchema, zodResolver } = await loadContract();
    if (schemaRef.current?.timeZone !== zone) {
      schemaRef.current = { timeZone: zone, schema: contactUsFormSchema(zone) };
    }
    return zodResolver(schemaRef.current.schema)(values, context, options);
  };

  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    reset,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<ContactUsInput, unknown, ContactUsRequest>({ resolver, defaultValues: emptyForm });
  const kind = watch('kind');

  // A signed-in customer need not type what the portal knows; nothing typed is overwritten.
  useEffect(() => {
    const known = sender.data;
    if (!known) return;
    for (const name of ['fullName', 'email', 'phoneNo'] as const) {
      if (!getValues(name) && known[name]) setValue(name, known[name]);
    }
  }, [sender.data, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    const result = await contactUs({
      body: { ...values, language: currentLanguage() },
      idempotencyKey: idempotencyKey.current,
    });
    setCaptchaRound((round) => round + 1);
    if (!result.data) {
      if (!mayHaveArrived(result.error)) idempotencyKey.current = newIdempotencyKey();
      const text = contactFailureText(result.error);
      notify.error(text);
      reportFormFailure(text);
      return;
    }
    idempotencyKey.current = newIdempotencyKey();
    const answer: ContactUsResponse = result.data;
    setSent({ ...answer, email: values.email, timeZone });
    notify.success(contactServerText(answer.message));
    reset({
      ...emptyForm,
      kind: values.kind,
      fullName: values.fullName,
      email: values.email,
      phoneNo: values.phoneNo,
    });
  });

  const language = i18n.resolvedLanguage ?? 'en';
  const submitLabel = kind === 'appointment' ? t('contact.bookAppointment') : t('contact.sendMessage');

  return (
    <section className={`gf-surface ${layout.form}`} aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading" className={layout.formTitle}>
        {t('contact.formHeading')}
      </h2>
      <ContactConfirmation sent={sent} />
      <form
        className={styles.fields}
        onSubmit={onSubmit}
        // The schemas start loading as the customer starts on the form (loadContract).
        onFocus={() => void loadContract().catch(() => undefined)}
        noValidate
      >
        <ModeChoice
          legend={t('contact.mode')}
          registration={register('kind')}
          options={[
            { value: 'message', label: t('contact.sendMessage') },
            { value: 'appointment', label: t('contact.bookAppointment') },
          ]}
        />
        <div className={layout.row}>
          <TextField
            label={t('contact.fullName')}
            registration={register('fullName')}
            error={errors.fullName?.message}
            autoComplete="name"
          />
          <TextField
            label={t('contact.email')}
            type="email"
            registration={register('email')}
            error={errors.email?.message}
            autoComplete="email"
          />
        </div>
        <TextField
          label={t('contact.phoneNo')}
          type="tel"
          hint={t('contact.phoneHint')}
          registration={register('phoneNo')}
          error={errors.phoneNo?.message}
          autoComplete="tel-national"
        />
        {kind === 'appointment' ? (
          <AppointmentFields
            timeZone={timeZone}
            language={language}
            dateRegistration={register('appointmentDate')}
            timeRegistration={register('appointmentTime')}
            dateError={fieldError(errors.appointmentDate?.message)}
            timeError={fieldError(errors.appointmentTime?.message)}
          />
        ) : null}
        <TextField
          label={t('contact.subject')}
          registration={register('subject')}
          error={errors.subject?.message}
        />
        <TextAreaField
          label={t('contact.message')}
          rows={6}
          registration={register('message')}
          error={errors.message?.message}
        />
        <HumanCheck
          resetKey={captchaRound}
          error={errors.captcha?.message}
          onChange={(payload) => setValue('captcha', payload, { shouldValidate: isSubmitted })}
        />
        <FormError />
        <div className={layout.actions}>
          <SubmitButton busy={call.isLoading} label={submitLabel} busyLabel={t('contact.sending')} />
        </div>
      </form>
    </section>
  );
}
