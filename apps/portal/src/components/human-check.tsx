import type { AltchaWidgetElement } from 'altcha/types/generic';
import type {} from 'altcha/types/react';
import { startTransition, useEffect, useId, useRef, useState } from 'react';
import { config } from '../config/env.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { translateServerMessage } from '../i18n/server-message.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { authHeaders } from '../lib/api/auth-headers.ts';
import { nextTask } from '../lib/next-task.ts';
import { whenIdle } from '../lib/when-idle.ts';
import styles from './human-check.module.css';

export interface HumanCheckProps {
  /** The solved payload (base64), or '' while unsolved; it goes into the form's `captcha` field. */
  onChange: (payload: string) => void;
  error?: string | undefined;
  /** Change it after each submit: a payload is accepted once, so the widget starts over. */
  resetKey?: number;
}

/** The widget's own translations are registered as es-es for Spanish; the others by language. */
const WIDGET_LANGUAGE = { en: 'en', es: 'es-es', ta: 'ta', de: 'de' } as const;

let loading: Promise<unknown> | null = null;
/**
 * The widget's element and worker, then a yield: the page's React render that mounts the widget is
 * a task of its own, not the end of the one that evaluated the widget's code (issue 7).
 */
function loadWidget(): Promise<unknown> {
  // No workers means no proof of work (jsdom in unit tests): the field stays empty.
  if (typeof Worker === 'undefined') return Promise.resolve();
  loading ??= import('./altcha-loader.ts').then(nextTask);
  // A failed download is tried again at the next start.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** The widget's own translations, one language at a time (English is built in). */
const WIDGET_TRANSLATIONS: Record<Exclude<keyof typeof WIDGET_LANGUAGE, 'en'>, () => Promise<unknown>> = {
  es: () => import('altcha/i18n/es-es'),
  ta: () => import('altcha/i18n/ta'),
  de: () => import('altcha/i18n/de'),
};
const translationsLoading = new Map<string, Promise<unknown>>();
/** Loads the widget's translations for `language` (once); English needs none. */
export function loadWidgetLanguage(language: keyof typeof WIDGET_LANGUAGE): Promise<unknown> {
  if (language === 'en') return Promise.resolve();
  let loaded = translationsLoading.get(language);
  if (!loaded) {
    loaded = WIDGET_TRANSLATIONS[language]();
    translationsLoading.set(language, loaded);
    loaded.catch(() => translationsLoading.delete(language));
  }
  return loaded;
}

/**
 * The element's methods (configure, reset, getState) exist only once its Svelte component has
 * mounted, a microtask after the element is connected; React may run an effect before that.
 */
async function mounted(widget: AltchaWidgetElement): Promise<boolean> {
  for (let wait = 0; wait < 100 && typeof widget.configure !== 'function'; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return typeof widget.configure === 'function';
}

/** The challenge endpoint needs the client credential like every /api call. */
const challengeFetch: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  for (const [name, value] of Object.entries(authHeaders(null))) headers.set(name, value);
  return fetch(input, { ...init, headers, credentials: 'same-origin' });
};

/**
 * The human check where the spec says reCAPTCHA: the self-hosted ALTCHA proof of work. Its error
 * ('Please complete the reCAPTCHA verification') is tied to the group like a field's.
 */
export function HumanCheck({ onChange, error, resetKey = 0 }: HumanCheckProps) {
  const { t, i18n } = useTranslation();
  const ref = useRef<AltchaWidgetElement>(null);
  const [ready, setReady] = useState(false);
  // The widget is shown only once it knows where its challenge comes from: a click before that
  // would fail at once and leave it in its error state.
  const [configured, setConfigured] = useState(false);
  const labelId = useId();
  const errorId = `${labelId}-error`;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  const [attempts, setAttempts] = useState(0);

  // Each submit of the form this check belongs to.
  useEffect(() => {
    const form = fieldsetRef.current?.form;
    if (!form) return;
    const onSubmit = () => setAttempts((count) => count + 1);
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, []);

  // When the check is what stopped a submit, focus comes here (its legend and error are read).
  // The form moves focus to a text field that failed itself; focus still on the submit button
  // (or nowhere) means nothing else claimed it.
  useEffect(() => {
    if (!error || attempts === 0) return;
    const active = document.activeElement;
    const unclaimed =
      !active ||
      active === document.body ||
      (active instanceof HTMLButtonElement && active.type === 'submit');
    if (unclaimed) fieldsetRef.current?.focus();
  }, [error, attempts]);

  // The widget (its script, styles and translations) loads when the form is first touched, or once
  // the page is idle after loading and the check is within half a screen of being seen, whichever
  // comes first; not while the page first renders (issue 7: blocking time on a phone; its mount is
  // one task of 15-20 ms of CPU here, and on a phone Contact Us has its check two screens down).
  // Its place is held by the 'Loading' line meanwhile.
  useEffect(() => {
    let active = true;
    const fieldset = fieldsetRef.current;
    const form = fieldset?.form ?? fieldset?.closest('form') ?? null;
    let near: IntersectionObserver | undefined;
    const start = () => {
      stop();
      loadWidget().then(
        // A transition: the widget's place is drawn without holding up input or the page's own work.
        () => active && startTransition(() => setReady(true)),
        () => active && setReady(false),
      );
    };
    const startWhenNear = () => {
      if (!fieldset || typeof IntersectionObserver === 'undefined') return start();
      near = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), {
        rootMargin: '50% 0px',
      });
      near.observe(fieldset);
    };
    const stopIdle = whenIdle(startWhenNear, { afterLoad: true, timeout: 3000, fallbackDelay: 500 });
    function stop() {
      stopIdle();
      near?.disconnect();
      form?.removeEventListener('focusin', start);
      form?.removeEventListener('pointerdown', start);
    }
    if (typeof Worker === 'undefined' || form?.contains(document.activeElement)) start();
    else {
      form?.addEventListener('focusin', start);
      form?.addEventListener('pointerdown', start);
    }
    return () => {
      active = false;
      stop();
    };
  }, []);

  useEffect(() => {
    const widget = ref.current;
    if (!ready || !widget) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<{ payload?: string | null; state?: string }>).detail;
      onChangeRef.current(detail?.state === 'verified' && detail.payload ? detail.payload : '');
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, [ready]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is read through currentLanguage
  useEffect(() => {
    const widget = ref.current;
    if (!ready || !widget) return;
    let active = true;
    const language = currentLanguage();
    void mounted(widget).then(async (isMounted) => {
      if (!active || !isMounted) return;
      // The widget's words in the page's language, registered before it is told to use them; a
      // failed download leaves it in English rather than without a check.
      await loadWidgetLanguage(language).catch(() => undefined);
      if (!active) return;
      // The proof of work starts when the form is first focused, so it is done by the time the
      // customer has typed; workers are left to the widget, which uses the device's cores.
      await widget.configure({
        auto: 'onfocus',
        challenge: `${config.apiBase}/auth/altcha`,
        fetch: challengeFetch,
        language: WIDGET_LANGUAGE[language],
        hideFooter: true,
        hideLogo: false,
      });
      if (active) setConfigured(true);
    });
    return () => {
      active = false;
    };
  }, [ready, i18n.resolvedLanguage]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger
  useEffect(() => {
    const widget = ref.current;
    if (!ready || !widget || typeof widget.reset !== 'function') return;
    widget.reset();
    onChangeRef.current('');
  }, [resetKey]);

  return (
    <fieldset
      ref={fieldsetRef}
      tabIndex={-1}
      className={`${styles.check} ${error ? styles.invalid : ''}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend id={labelId} className={styles.label}>
        {t('forms.humanCheck')}
      </legend>
      {ready ? <altcha-widget ref={ref} name="altcha-payload" hidden={!configured} /> : null}
      {configured ? null : <p className={styles.loading}>{t('app.loading')}</p>}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {translateServerMessage(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
