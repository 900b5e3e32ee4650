// The portal's side of AI Assist (spec points 4 and 7): loads the widget script from the ML host once
// the page is drawn and the browser is idle (a failed load is a console warning; the portal works on),
// never on paths containing /net2grid or /gridx (hidden there if it was loaded before), and reports
// to its global interface: the theme on every change, the authentication status 1000 ms after it
// changes, a search value 1 s after it is set (then clears it). The widget binds its session to the
// signed-in user with the access token the portal already holds; on /staff it answers about the
// customer the agent has open (agent-assist.ts).
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/store.ts';
import { config } from '../../config/env.ts';
import { i18n } from '../../i18n/i18n.ts';
import { clearSearchValue } from '../../lib/search/search-slice.ts';
import { readAccessToken } from '../../lib/session/session-storage.ts';
import { useTenant } from '../../lib/tenant/use-tenant.ts';
import { useTheme } from '../../themes/index.ts';
import { themeTokens } from '../../themes/tokens.ts';
import { agentCustomerAtLoad } from './agent-assist.ts';

/** Spec point 9: the chat search and authentication reports wait 1000 ms. */
export const ASSIST_REPORT_DELAY_MS = 1000;
export const ASSIST_EXCLUDED = /\/(net2grid|gridx)/;

interface AssistGlobal {
  onThemeChange(theme: { id: string; dark: boolean; tokens: Record<string, string> }): void;
  onSearch(value: string): void;
  onAuthStatusChange(status: { authenticated: boolean }): void;
  setHidden(hidden: boolean): void;
}

const assist = (): AssistGlobal | undefined => (window as { AIAssist?: AssistGlobal }).AIAssist;

let loading: Promise<void> | undefined;

/** Adds the script once, after the load event, when the browser is idle. */
export function loadAssistant(authenticated: boolean): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const add = () => {
      // The page may be gone by the time the browser is idle (a test's document torn down meanwhile).
      if (typeof document === 'undefined') return;
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
    };
    const idle = () =>
      'requestIdleCallback' in window ? requestIdleCallback(add, { timeout: 3000 }) : setTimeout(add, 200);
    if (document.readyState === 'complete') idle();
    else addEventListener('load', idle, { once: true });
  }).catch((error: unknown) => console.warn('AI Assist could not be loaded', error));
  return loading;
}

export function AssistantBridge(): null {
  const tenant = useTenant();
  // Issue 14: the widget loads only once the utility is known to offer AI Assist (hidden if switched off).
  const offered = tenant.name !== undefined && tenant.sideAreas.assistant;
  const excluded = ASSIST_EXCLUDED.test(useLocation().pathname) || !offered;
  const { theme } = useTheme();
  const authenticated = useAppSelector((state) => state.session.isLoggedIn);
  const search = useAppSelector((state) => state.search.searchValue);
  const dispatch = useAppDispatch();
  const [ready, setReady] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the status at load time is what counts
  useEffect(() => {
    if (!excluded) void loadAssistant(authenticated).then(() => setReady(assist() !== undefined));
  }, [excluded]);

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
    const timer = setTimeout(() => {
      assist()?.onSearch(search);
      dispatch(clearSearchValue());
    }, ASSIST_REPORT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, search, dispatch]);

  return null;
}
