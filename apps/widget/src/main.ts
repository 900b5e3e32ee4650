// The embeddable entry (spec point 7): reads the global configuration `window.AIAssistConfig`
// (`{ apiKey, base?, language?, authenticated?, getAccessToken?, customerAccountNumber? }`) or the script tag's
// `data-api-key`, draws the widget, and exposes the global interface `window.AIAssist` with the
// handlers the page calls: onThemeChange, onSearch, onAuthStatusChange (plus open, close,
// setHidden, setLanguage, setAgentCustomer for the staff page's agent mode). One script tag is enough:
//   <script src="https://utility.example/ml/widget.js" data-api-key="…" async></script>
import { AssistWidget, type ThemeReport, type WidgetOptions } from './widget.ts';

export interface AIAssistConfig extends Partial<WidgetOptions> {
  apiKey?: string;
}

export interface AIAssistGlobal {
  onThemeChange(theme: ThemeReport | string): void;
  onSearch(value: string): void;
  onAuthStatusChange(status: boolean | { authenticated: boolean }): void;
  open(): void;
  close(): void;
  setHidden(hidden: boolean): void;
  setLanguage(language: string): void;
  /** Agent mode on the staff page: the customer's account number, or null to end it. */
  setAgentCustomer(accountNumber: string | null): void;
  readonly widget: AssistWidget;
}

declare global {
  interface Window {
    AIAssistConfig?: AIAssistConfig;
    AIAssist?: AIAssistGlobal;
  }
}

const EXCLUDED_PATHS = ['/net2grid', '/gridx'];

export function start(
  script: HTMLScriptElement | null = document.currentScript as HTMLScriptElement | null,
): AIAssistGlobal | undefined {
  if (window.AIAssist) return window.AIAssist;
  const config = window.AIAssistConfig ?? {};
  const apiKey = config.apiKey ?? script?.dataset.apiKey;
  if (!apiKey) {
    console.warn('AI Assist: no api key (window.AIAssistConfig.apiKey or data-api-key)');
    return undefined;
  }
  // The ML host is where this script came from, unless the page says otherwise.
  const scriptUrl = script?.src ? new URL(script.src, location.href) : null;
  const base = (
    config.base ??
    script?.dataset.base ??
    (scriptUrl ? new URL('.', scriptUrl).href : '/ml/')
  ).replace(/\/+$/, '');
  const widget = new AssistWidget({
    ...config,
    apiKey,
    base: new URL(base, location.href).href.replace(/\/+$/, ''),
  });
  if (EXCLUDED_PATHS.some((path) => location.pathname.includes(path))) widget.setHidden(true);
  // Follow the page's language (the portal sets <html lang> on every change).
  new MutationObserver(() => widget.setLanguage(document.documentElement.lang)).observe(
    document.documentElement,
    {
      attributes: true,
      attributeFilter: ['lang'],
    },
  );
  const api: AIAssistGlobal = {
    onThemeChange: (theme) => widget.onThemeChange(theme),
    onSearch: (value) => widget.onSearch(value),
    onAuthStatusChange: (status) => widget.onAuthStatusChange(status),
    open: () => widget.open(),
    close: () => widget.close(),
    setHidden: (hidden) => widget.setHidden(hidden),
    setLanguage: (language) => widget.setLanguage(language),
    setAgentCustomer: (accountNumber) => widget.setAgentCustomer(accountNumber),
    widget,
  };
  window.AIAssist = api;
  window.dispatchEvent(new CustomEvent('ai-assist-ready'));
  return api;
}
