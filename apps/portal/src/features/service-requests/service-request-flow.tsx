// The Service Request flow of spec point 4: Personal Information, Service Details and the
// Electronic Payment Agreement, with Next and Back. Each step is checked with its contract schema
// before Next; Service Details is then checked by the server (toDoVerify); the last step files
// the request (toDoSubmit) and shows its reference number.
import { PROPERTY_TYPES, UTILITY_TYPES } from '@gridfront/contracts/constants';
import { messages } from '@gridfront/contracts/messages';
import type { ToDoSubmitInput, ToDoSubmitResponse } from '@gridfront/contracts/service-requests';
import {
  effectiveDateProblem,
  isCalendarDate,
  SERVICE_REQUEST_TYPES,
} from '@gridfront/contracts/service-requests-basics';
import { zonedToday } from '@gridfront/contracts/zoned-date';
import { Suspense, useEffect, useRef, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { SelectField, TextAreaField } from '../../components/form-fields.tsx';
import layout from '../../components/form-layout.module.css';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { reportFormFailure } from '../../lib/api/call-outcome.ts';
import { isFetchBaseQueryError } from '../../lib/api/error-message.ts';
import { HydratedApart } from '../../lib/hydrate-in-parts.tsx';
import { lazyPart } from '../../lib/lazy-part.tsx';
import { notify } from '../../lib/toast/toast.ts';
import { AgreementText } from './agreement-text.tsx';
import { CheckboxField, ChoiceGroup } from './request-fields.tsx';
import { failureMessage, requestFailureText, requestMessageKey, requestText } from './request-text.ts';
import styles from './service-requests.module.css';
import {
  useKnownCustomerQuery,
  useToDoSubmitMutation,
  useToDoVerifyMutation,
} from './service-requests-api.ts';

/** The human check is on the last step only, for visitors: its code is fetched when that step shows. */
const HumanCheck = lazyPart(() =>
  import('../../components/human-check.tsx').then((module) => ({ default: module.HumanCheck })),
);

import { SERVICE_REQUESTS_NAMESPACE } from './texts.ts';

export const STEPS = ['personal', 'details', 'agreement'] as const;

/** The form's values: the request as typed, the agreement box unticked at first. */
type FlowValues = Omit<ToDoSubmitInput, 'agreementAccepted'> & { agreementAccepted: boolean };
type FieldName = FieldPath<FlowValues>;

const emptyForm: FlowValues = {
  requestType: 'start',
  accountHolderName: '',
  effectiveDate: '',
  email: '',
  phoneNo: '',
  serviceAddress: '',
  serviceZip: '',
  propertyType: '' as FlowValues['propertyType'],
  services: ['electricity'],
  serviceDescription: '',
  newServiceAddress: '',
  newServiceZip: '',
  agreementAccepted: false,
  captcha: '',
};

/** Which step holds a field, so a server message about it is shown where it can be mended. */
const STEP_OF_FIELD: Partial<Record<FieldName, number>> = {
  accountHolderName: 0,
  effectiveDate: 0,
  email: 0,
  phoneNo: 0,
  requestType: 0,
};

/** Where the server's own messages belong. */
const FIELD_OF_MESSAGE: Record<string, FieldName> = {
  effectiveDateFormat: 'effectiveDate',
  effectiveDatePast: 'effectiveDate',
  effectiveDateTooFar: 'effectiveDate',
  notServed: 'serviceZip',
  notYourPremise: 'serviceAddress',
  stopBeforeStart: 'effectiveDate',
  conflict: 'serviceAddress',
  newAddressNotServed: 'newServiceZip',
  signInToStop: 'requestType',
};

function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Without an answer the request may still have been filed: a retry must carry the same key. */
function mayHaveArrived(error: unknown): boolean {
  if (!isFetchBaseQueryError(error)) return true;
  return typeof error.status !== 'number' || error.status >= 500;
}

/**
 * The contract's schemas, loaded when the customer first works in the form (or presses Next), not
 * with the page: building them is zod's work on the main thread while /todo first renders (issue 7).
 */
let schemas: Promise<typeof import('@gridfront/contracts/service-requests')> | undefined;
function loadSchemas() {
  schemas ??= import('../../config/zod-jitless.ts').then(
    () => import('@gridfront/contracts/service-requests'),
  );
  // A failed download is tried again at the next check.
  schemas.catch(() => {
    schemas = undefined;
  });
  return schemas;
}

/** A step's problems: the contract's step schema, plus the rules a form can know alone. */
async function stepIssues(
  step: number,
  values: FlowValues,
  timeZone: string,
  signedIn: boolean,
): Promise<{ field: FieldName; message: string }[]> {
  const { personalInformationStep, serviceDetailsStep, agreementStep } = await loadSchemas();
  const schema = step === 0 ? personalInformationStep : step === 1 ? serviceDetailsStep : agreementStep;
  const result = schema.safeParse(values);
  const issues = result.success
    ? []
    : result.error.issues.map((issue) => ({
        field: String(issue.path[0]) as FieldName,
        message: issue.message,
      }));
  if (step === 0 && isCalendarDate(values.effectiveDate.trim())) {
    const problem = effectiveDateProblem(values.effectiveDate.trim(), zonedToday(new Date(), timeZone));
    if (problem) issues.push({ field: 'effectiveDate', message: problem });
  }
  if (step === 2 && !signedIn && !values.captcha) {
    issues.push({ field: 'captcha', message: messages.captchaRequired });
  }
  return issues;
}

export interface FiledRequest extends ToDoSubmitResponse {
  email: string;
}

export interface ServiceRequestFlowProps {
  timeZone: string;
  signedIn: boolean;
  /** Called after a request was filed (the list reloads). */
  onFiled?: (filed: FiledRequest) => void;
}

/**
 * The flow's form. On the server's first view, the first step's fields (two groups) and the buttons
 * hydrate in tasks of their own (HydratedApart): the whole form was one task of 20 ms of CPU on this
 * machine, about 80 ms on Lighthouse's simulated phone (issue 7).
 */
export function ServiceRequestFlow({ timeZone, signedIn, onFiled }: ServiceRequestFlowProps) {
  const { t } = useTranslation(SERVICE_REQUESTS_NAMESPACE);
  const [step, setStep] = useState(0);
  const [filed, setFiled] = useState<FiledRequest | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const idempotencyKey = useRef(newIdempotencyKey());
  const [verify, verifyCall] = useToDoVerifyMutation();
  const [submit, submitCall] = useToDoSubmitMutation();
  const known = useKnownCustomerQuery(undefined, { skip: !signedIn });

  const { register, getValues, setValue, setError, clearErrors, reset, watch, formState } =
    useForm<FlowValues>({
      defaultValues: emptyForm,
    });
  const { errors } = formState;
  const requestType = watch('requestType');

  // A signed-in customer need not type what the portal knows; nothing typed is overwritten.
  useEffect(() => {
    const data = known.data;
    if (!data) return;
    for (const name of [
      'accountHolderName',
      'email',
      'phoneNo',
      'serviceAddress',
      'serviceZip',
      'propertyType',
    ] as const) {
      if (!getValues(name) && data[name]) setValue(name, data[name]);
    }
  }, [known.data, getValues, setValue]);

  // Each step (and the confirmation) is announced by moving focus to its heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: step and filed are the triggers
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step, filed]);

  // A field's message goes as soon as the field changes; the next Next checks again.
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (name) clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [watch, clearErrors]);

  function goTo(next: number) {
    moved.current = true;
    clearErrors();
    setStep(next);
  }

  function showIssues(issues: { field: FieldName; message: string }[]) {
    clearErrors();
    for (const issue of issues) setError(issue.field, { type: 'validate', message: issue.message });
  }

  /** The server refused: its message beside the field it is about (on that field's step) and above. */
  function showServerRefusal(error: unknown) {
    const message = failureMessage(error);
    const key = message ? requestMessageKey(message) : undefined;
    const field = key ? FIELD_OF_MESSAGE[key] : undefined;
    const text = requestFailureText(error);
    notify.error(text);
    reportFormFailure(text);
    if (message && field) {
      const fieldStep = STEP_OF_FIELD[field] ?? 1;
      if (fieldStep !== step) goTo(fieldStep);
      setError(field, { type: 'server', message });
    }
  }

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = getValues();
    const issues = await stepIssues(step, values, timeZone, signedIn);
    if (issues.length > 0) {
      showIssues(issues);
      return;
    }
    clearErrors();
    const parsed = (await loadSchemas()).toDoSubmitRequest.safeParse({ ...values, agreementAccepted: true });
    if (step === 0) {
      goTo(1);
      return;
    }
    if (!parsed.success) {
      showIssues(
        parsed.error.issues.map((issue) => ({
          field: String(issue.path[0]) as FieldName,
          message: issue.message,
        })),
      );
      return;
    }
    const { agreementAccepted: _a, captcha: _c, language: _l, idempotencyKey: _k, ...request } = parsed.data;
    if (step === 1) {
      const result = await verify(request);
      if (result.error) showServerRefusal(result.error);
      else goTo(2);
      return;
    }
    const body = {
      ...parsed.data,
      captcha: signedIn ? '' : (values.captcha ?? ''),
      language: currentLanguage(),
    };
    const result = await submit({ body, idempotencyKey: idempotencyKey.current });
    setCaptchaRound((round) => round + 1);
    setValue('captcha', '');
    if (!result.data) {
      if (!mayHaveArrived(result.error)) idempotencyKey.current = newIdempotencyKey();
      showServerRefusal(result.error);
      return;
    }
    idempotencyKey.current = newIdempotencyKey();
    const done = { ...result.data, email: body.email };
    notify.success(requestText(result.data.message));
    moved.current = true;
    setFiled(done);
    onFiled?.(done);
    reset({
      ...emptyForm,
      accountHolderName: values.accountHolderName,
      email: values.email,
      phoneNo: values.phoneNo,
    });
    setStep(0);
  };

  if (filed) {
    return (
      <section className={`gf-surface ${layout.form}`} aria-labelledby="todo-done-heading">
        <div className={styles.confirmation}>
          <h2 id="todo-done-heading" ref={headingRef} tabIndex={-1} className={styles.stepHeading}>
            {t('done.heading')}
          </h2>
          <p>{requestText(filed.message)}</p>
          <p>
            {t('done.reference')}{' '}
            <strong className={styles.reference} data-testid="todo-reference">
              {filed.referenceNumber}
            </strong>
          </p>
          <p>{t('done.mailed', { email: filed.email })}</p>
        </div>
        <div className={layout.actions}>
          <button type="button" className="gf-button" onClick={() => setFiled(null)}>
            {t('done.another')}
          </button>
        </div>
      </section>
    );
  }

  const stepName = STEPS[step] ?? 'personal';
  // Every message of the step, once, above the fields (each is also beside its field).
  const summary = [
    ...new Set(
      Object.values(errors).flatMap((error) => (error?.message ? [requestText(String(error.message))] : [])),
    ),
  ];
  const busy = verifyCall.isLoading || submitCall.isLoading;
  const last = step === STEPS.length - 1;
  const typeOptions = SERVICE_REQUEST_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }));

  return (
    <section className={`gf-surface ${layout.form}`} aria-labelledby="todo-form-heading">
      <h2 id="todo-form-heading" className={layout.formTitle}>
        {t('formHeading')}
      </h2>
      <ol className={layout.steps} aria-label={t('stepOf', { step: step + 1, count: STEPS.length })}>
        {STEPS.map((name, index) => (
          <li
            key={name}
            className={index === step ? layout.stepCurrent : layout.step}
            aria-current={index === step ? 'step' : undefined}
          >
            {t(`steps.${name}`)}
          </li>
        ))}
      </ol>
      <form
        className={styles.fields}
        onSubmit={onSubmit}
        // The schemas start loading as the customer starts on the form (loadSchemas).
        onFocus={() => void loadSchemas().catch(() => undefined)}
        noValidate
      >
        <h3 ref={headingRef} tabIndex={-1} className={styles.stepHeading}>
          {t(`steps.${stepName}`)}
        </h3>
        {summary.length > 0 ? (
          <div role="alert" className={styles.summary}>
            <p>{t('errorSummary')}</p>
            <ul>
              {summary.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </div>
        ) : null}

        {step === 0 ? (
          <>
            <HydratedApart>
              {signedIn ? (
                <ChoiceGroup
                  type="radio"
                  label={t('requestType')}
                  registration={register('requestType')}
                  options={typeOptions}
                  error={errors.requestType?.message}
                />
              ) : (
                <p className={layout.hint}>
                  {t('guestTypes')} <Link to="/login">{t('logIn')}</Link>
                </p>
              )}
              <TextField
                label={t('accountHolderName')}
                registration={register('accountHolderName')}
                error={errors.accountHolderName?.message}
                autoComplete="name"
              />
            </HydratedApart>
            <HydratedApart>
              <div className={layout.row}>
                <TextField
                  label={t('effectiveDate')}
                  type="date"
                  hint={t('effectiveDateHint')}
                  registration={register('effectiveDate')}
                  error={errors.effectiveDate ? requestText(errors.effectiveDate.message ?? '') : undefined}
                />
                <TextField
                  label={t('email')}
                  type="email"
                  registration={register('email')}
                  error={errors.email?.message}
                  autoComplete="email"
                />
              </div>
              <TextField
                label={t('phoneNo')}
                type="tel"
                hint={t('phoneHint')}
                registration={register('phoneNo')}
                error={errors.phoneNo?.message}
                autoComplete="tel-national"
              />
            </HydratedApart>
          </>
        ) : null}

        {step === 1 ? (
          <>
            <TextField
              label={t('serviceAddress')}
              registration={register('serviceAddress')}
              error={errors.serviceAddress ? requestText(errors.serviceAddress.message ?? '') : undefined}
              autoComplete="street-address"
            />
            <div className={layout.row}>
              <TextField
                label={t('serviceZip')}
                inputMode="numeric"
                registration={register('serviceZip')}
                error={errors.serviceZip ? requestText(errors.serviceZip.message ?? '') : undefined}
                autoComplete="postal-code"
              />
              <SelectField
                label={t('propertyType')}
                placeholder={t('choosePropertyType')}
                options={PROPERTY_TYPES.map((type) => ({ value: type, label: t(`propertyTypes.${type}`) }))}
                registration={register('propertyType')}
                error={errors.propertyType?.message}
                translateError={requestText}
              />
            </div>
            {requestType === 'transfer' ? (
              <div className={layout.row}>
                <TextField
                  label={t('newServiceAddress')}
                  registration={register('newServiceAddress')}
                  error={
                    errors.newServiceAddress ? requestText(errors.newServiceAddress.message ?? '') : undefined
                  }
                />
                <TextField
                  label={t('newServiceZip')}
                  inputMode="numeric"
                  registration={register('newServiceZip')}
                  error={errors.newServiceZip ? requestText(errors.newServiceZip.message ?? '') : undefined}
                />
              </div>
            ) : null}
            <ChoiceGroup
              type="checkbox"
              label={t('servicesWanted')}
              registration={register('services')}
              options={UTILITY_TYPES.map((service) => ({ value: service, label: t(`services.${service}`) }))}
              error={errors.services?.message}
            />
            <TextAreaField
              label={t('serviceDescription')}
              hint={t('serviceDescriptionHint')}
              rows={4}
              registration={register('serviceDescription')}
              error={errors.serviceDescription?.message}
              translateError={requestText}
            />
          </>
        ) : null}

        {step === 2 ? (
          <>
            <AgreementText />
            <CheckboxField
              label={t('agreementLabel')}
              registration={register('agreementAccepted')}
              error={errors.agreementAccepted?.message}
            />
            {signedIn ? null : (
              <Suspense fallback={null}>
                <HumanCheck
                  resetKey={captchaRound}
                  error={errors.captcha?.message}
                  onChange={(payload) => {
                    setValue('captcha', payload);
                    clearErrors('captcha');
                  }}
                />
              </Suspense>
            )}
          </>
        ) : null}

        <HydratedApart>
          <FormError />
          <div className={styles.actions}>
            {step > 0 ? (
              <button
                type="button"
                className="gf-button gf-button--secondary"
                onClick={() => goTo(step - 1)}
                disabled={busy}
              >
                {t('back')}
              </button>
            ) : (
              <span />
            )}
            <SubmitButton
              busy={busy}
              label={last ? t('submit') : t('next')}
              busyLabel={last ? t('submitting') : t('checking')}
            />
          </div>
        </HydratedApart>
      </form>
    </section>
  );
}
