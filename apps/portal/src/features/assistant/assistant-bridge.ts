// The portal's side of AI Assist (spec points 4 and 7). The portal draws the launcher itself (a
// facade: same place, look, label and focus ring as the widget's own) and loads the widget script from
// the ML host only when the customer shows intent: pointer over or focus on the launcher, a click on it
// (the chat then opens once loaded), or a search value from the header's box. It loads at once when the
// conversation was left open (a reload). So widget.js and its long task stay out of every page's first
// seconds (issue 7). When the widget is ready the facade goes and the widget's launcher takes its place;
// a failed load is a console warning and the facade goes too. Never on paths containing /net2grid or
// /gridx (hidden there if it was loaded before). It reports to the global interface: the theme on every
// change, the authentication status 1000 ms after it changes, a search value 1 s after it is set (then
// clears it). The widget binds its session to the signed-in user with the access token the portal
// already holds; on /staff it answers about the customer the agent has open (agent-assist.ts).
import {
  createElement,
  type ReactElement,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/store.ts';
import { config } from '../../config/env.ts';
import { i18n } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { clearSearchValue } from '../../lib/search/search-slice.ts';
import { readAccessToken } from '../../lib/session/session-storage.ts';
import { useTenant } from '../../lib/tenant/use-tenant.ts';
import { useTheme } from '../../themes/index.ts';
import { themeTokens } from '../../themes/tokens.ts';
import { agentCustomerAtLoad } from './agent-assist.ts';
import styles from './launcher.module.css';
import { ASSIST_NAMESPACE } from './texts.ts';

/** Spec point 9: the chat search and authentication reports wait 1000 ms. */
export const ASSIST_REPORT_DELAY_MS = 1000;
export const ASSIST_EXCLUDED = /\/(net2grid|gridx)/;
/** Where the widget keeps its conversation (apps/widget/src/widget.ts STORAGE_KEY). */
export const ASSIST_STORAGE_KEY = 'gf-ai-assist';

interface AssistGlobal {
  onThemeChange(theme: { id: string; dark: boolean; tokens: Record<string, string> }): void;
  onSearch(value: string): void;
  onAuthStatusChange(status: { authenticated: boolean }): void;
  setHidden(hidden: boolean): void;
  open?(): void;
  widget?: { root?: ShadowRoot };
}

const assist = (): AssistGlobal | undefined => (window as { AIAssist?: AssistGlobal }).AIAssist;

let loading: Promise<boolean> | undefined;

/** Adds the script once (now); resolves true when the widget is there, false when it failed. */
export function loadAssistant(authenticated: boolean): Promise<boolean> {
  loading ??= new Promise<void>((resolve, reject) => {
    (window as { AIAssistConfig?: object }).AIAssistConfig = {
      apiKey: config.assistantApiKey,
      base: config.mlBase,
      language: i18n.language,
      authenticated,
      getAccessToken: readAccessToken,
      customerAccountNumber: agentCustomerAtLoad(location.pathname),
    };
    const script = document.createElement('script');
    script.src = `${config.mlBase}/widget.js`;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`${script.src} did not load`));
    document.body.append(script);
  }).then(
    () => assist() !== undefined,
    (error: unknown) => {
      console.warn('AI Assist could not be loaded', error);
      return false;
    },
  );
  return loading;
}

/** Tests only: the next load adds the script again. */
export function forgetAssistantLoad(): void {
  loading = undefined;
}

/** The widget's stored conversation was left open (a reload): it comes back at once. */
function leftOpen(): boolean {
  try {
    return (
      (JSON.parse(sessionStorage.getItem(ASSIST_STORAGE_KEY) ?? '{}') as { open?: boolean }).open === true
    );
  } catch {
    return false;
  }
}

/** The portal's stand-in for the widget's launcher: intent loads the widget, a click also opens it. */
function Launcher({
  buttonRef,
  onIntent,
  onOpen,
}: {
  buttonRef: RefObject<HTMLButtonElement | null>;
  onIntent(): void;
  onOpen(): void;
}): ReactElement {
  const { t } = useTranslation(ASSIST_NAMESPACE);
  return createElement(
    'button',
    {
      ref: buttonRef,
      type: 'button',
      className: styles.launcher,
      'aria-haspopup': 'dialog',
      'aria-expanded': false,
      'aria-label': t('open'),
      'data-ai-assist-launcher': '',
      onPointerEnter: onIntent,
      onFocus: onIntent,
      onClick: onOpen,
    },
    // The product's name, the same in every language (the widget's title).
    'AI Assist',
  );
}

export function AssistantBridge(): ReactNode {
  const tenant = useTenant();
  // Issue 14: AI Assist only when the utility is known to offer it (hidden if switched off).
  const offered = tenant.name !== undefined && tenant.sideAreas.assistant;
  const excluded = ASSIST_EXCLUDED.test(useLocation().pathname) || !offered;
  const { theme } = useTheme();
  const authenticated = useAppSelector((state) => state.session.isLoggedIn);
  const search = useAppSelector((state) => state.search.searchValue);
  const dispatch = useAppDispatch();
  const [wanted, setWanted] = useState(leftOpen);
  const [state, setState] = useState<'waiting' | 'ready' | 'failed'>('waiting');
  const ready = state === 'ready';
  const openWhenReady = useRef(false);
  const searchSetAt = useRef(0);
  const facade = useRef<HTMLButtonElement | null>(null);
  const lastAuthenticated = useRef(authenticated);
  // The launcher is drawn once the page is in the browser: not in the server's first view (no document
  // there), so hydration matches; it is fixed in place, so nothing moves when it appears.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the status at load time is what counts
  useEffect(() => {
    if (excluded || !wanted) return;
    void loadAssistant(authenticated).then((loaded) => {
      const hadFocus = document.activeElement !== null && document.activeElement === facade.current;
      setState(loaded ? 'ready' : 'failed');
      const widget = assist();
      if (!loaded || !widget) return;
      if (openWhenReady.current) widget.open?.();
      else if (hadFocus) widget.widget?.root?.querySelector<HTMLElement>('.launcher')?.focus();
    });
  }, [excluded, wanted]);

  // A search value from the header's box: the widget is wanted now; it gets the value 1 s after it was set.
  useEffect(() => {
    if (!search) return;
    searchSetAt.current = Date.now();
    setWanted(true);
  }, [search]);

  // Signed in or out while the widget is not loaded: the stored conversation was someone else's.
  useEffect(() => {
    if (authenticated === lastAuthenticated.current) return;
    lastAuthenticated.current = authenticated;
    if (!ready) sessionStorage.removeItem(ASSIST_STORAGE_KEY);
  }, [authenticated, ready]);

  useEffect(() => {
    if (ready) assist()?.setHidden(excluded);
  }, [ready, excluded]);

  useEffect(() => {
    if (ready) assist()?.onThemeChange({ id: theme.id, dark: theme.dark, tokens: themeTokens(theme) });
  }, [ready, theme]);

  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => assist()?.onAuthStatusChange({ authenticated }), ASSIST_REPORT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, authenticated]);

  useEffect(() => {
    if (!ready || !search) return;
    const wait = Math.max(0, searchSetAt.current + ASSIST_REPORT_DELAY_MS - Date.now());
    const timer = setTimeout(() => {
      assist()?.onSearch(search);
      dispatch(clearSearchValue());
    }, wait);
    return () => clearTimeout(timer);
  }, [ready, search, dispatch]);

  if (!mounted || excluded || state !== 'waiting') return null;
  // At the end of the body, where the widget draws its own: last in the tab order, as the widget's is.
  return createPortal(
    createElement(Launcher, {
      buttonRef: facade,
      onIntent: () => setWanted(true),
      onOpen: () => {
        openWhenReady.current = true;
        setWanted(true);
      },
    }),
    document.body,
  );
}
