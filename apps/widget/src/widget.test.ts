import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleEvent } from './api.ts';
import { start } from './main.ts';
import { renderMarkdown } from './markdown.ts';
import { TEXTS, widgetLanguage } from './texts.ts';
import { AssistWidget, STORAGE_KEY } from './widget.ts';

const BASE = 'https://utility.example/ml';

/** A fake ML host: create-tokens, a streamed answer in three tokens, chat-feedback. */
function fakeHost() {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (url.endsWith('/create-tokens')) {
      return new Response(
        JSON.stringify({
          token: 'tok',
          expiresAt: new Date(Date.now() + 1800_000).toISOString(),
          signedIn: false,
        }),
        { status: 200 },
      );
    }
    if (url.endsWith('/stream')) {
      const done = {
        conversationId: '0b9f8a52-4a43-4c6e-9d7e-2f1c3b5a6d7e',
        messageId: '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
        language: 'en',
        answer: 'Call **1-800-OUTAGE**.<script>alert(1)</script>',
        sources: [{ slug: 'outages', title: 'Outages', language: 'en', url: '/contactus#kb-outages' }],
        kind: 'article',
      };
      const body = [
        `event: meta\ndata: ${JSON.stringify({ conversationId: done.conversationId, language: 'en' })}\n\n`,
        'event: token\ndata: {"text":"Call "}\n\n',
        'event: token\ndata: {"text":"**1-800-OUTAGE**."}\n\n',
        `event: done\ndata: ${JSON.stringify(done)}\n\n`,
      ];
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const part of body) controller.enqueue(new TextEncoder().encode(part));
          controller.close();
        },
      });
      return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    if (url.endsWith('/chat-feedback')) return new Response('{"message":"Thanks"}', { status: 200 });
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** The headers a recorded call sent. */
function headersOf(call: { init: RequestInit } | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

function q<T extends Element>(widget: AssistWidget, selector: string): T {
  const node = widget.root.querySelector<T>(selector);
  if (!node) throw new Error(`no ${selector}`);
  return node;
}

beforeEach(() => {
  sessionStorage.clear();
  document.body.replaceChildren();
  document.documentElement.lang = 'en';
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 0));
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.AIAssist;
  delete window.AIAssistConfig;
});

describe('markdown', () => {
  it('renders Markdown and strips scripts, handlers and javascript: links', () => {
    const html = renderMarkdown(
      '**Bold** [ok](/contactus) [bad](javascript:alert(1)) <script>alert(1)</script><img src=x onerror="alert(1)"><a href="#" onclick="alert(1)">x</a>',
      BASE,
    );
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('href="https://utility.example/contactus"');
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
  });
});

describe('texts', () => {
  it('has every text in en, es, ta and de, with the spec’s English', () => {
    expect(TEXTS.en.title).toBe('AI Assist');
    expect(TEXTS.en.welcome).toBe("Welcome, I'm your AI Assist. How can I help you today?");
    expect(TEXTS.en.placeholder).toBe('Ask me anything about your services...');
    expect(TEXTS.en.questions).toEqual([
      'How to report outages?',
      'What is the charge for reconnecting the service?',
      'what is Green Tags?',
    ]);
    const keys = Object.keys(TEXTS.en).sort();
    for (const language of ['es', 'ta', 'de'] as const) {
      expect(Object.keys(TEXTS[language]).sort()).toEqual(keys);
      expect(TEXTS[language].welcome).not.toBe(TEXTS.en.welcome);
    }
    expect(widgetLanguage('es-MX')).toBe('es');
    expect(widgetLanguage('fr')).toBe('en');
  });
});

describe('the widget', () => {
  it('draws in a shadow root: a launcher, then a dialog with the welcome, the placeholder and the three questions', () => {
    const widget = new AssistWidget({ apiKey: 'k', base: BASE });
    expect(widget.host.shadowRoot).toBe(widget.root);
    expect(document.body.textContent).toBe(''); // nothing of it in the page's own DOM
    const launcher = q<HTMLButtonElement>(widget, '.launcher');
    expect(launcher.textContent).toBe('AI Assist');
    launcher.click();
    const dialog = q<HTMLElement>(widget, '[role="dialog"]');
    expect(dialog.hidden).toBe(false);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(q(widget, 'h2').textContent).toBe('AI Assist');
    expect(dialog.textContent).toContain(TEXTS.en.welcome);
    expect(q<HTMLInputElement>(widget, 'input').placeholder).toBe(TEXTS.en.placeholder);
    expect([...widget.root.querySelectorAll('.suggest button')].map((b) => b.textContent)).toEqual([
      ...TEXTS.en.questions,
    ]);
  });

  it('follows the page language', () => {
    document.documentElement.lang = 'de';
    const widget = new AssistWidget({ apiKey: 'k', base: BASE });
    widget.open();
    expect(q(widget, '[role="dialog"]').textContent).toContain(TEXTS.de.welcome);
    widget.setLanguage('ta');
    expect(q(widget, '[role="dialog"]').textContent).toContain(TEXTS.ta.welcome);
    expect(q<HTMLInputElement>(widget, 'input').placeholder).toBe(TEXTS.ta.placeholder);
  });

  it('traps focus while open, closes on Escape and gives focus back to the launcher', () => {
    const widget = new AssistWidget({ apiKey: 'k', base: BASE });
    const launcher = q<HTMLButtonElement>(widget, '.launcher');
    launcher.click();
    const dialog = q<HTMLElement>(widget, '[role="dialog"]');
    const focusable = [...dialog.querySelectorAll<HTMLElement>('button, input, [tabindex="0"]')];
    const first = focusable[0] as HTMLElement;
    const last = focusable.at(-1) as HTMLElement;
    last.focus();
    expect(widget.root.activeElement).toBe(last);
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    last.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(true);
    expect(widget.root.activeElement).toBe(first);
    const back = new KeyboardEvent('keydown', {
      key: 'Tab',
      shiftKey: true,
      bubbles: true,
      cancelable: true,
    });
    first.dispatchEvent(back);
    expect(widget.root.activeElement).toBe(last);
    last.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    expect(dialog.hidden).toBe(true);
    expect(widget.root.activeElement).toBe(launcher);
  });

  it('streams an answer, renders it sanitized with its source, announces it, rates it and keeps it after a reload', async () => {
    const calls = fakeHost();
    const widget = new AssistWidget({ apiKey: 'demo-key', base: BASE });
    widget.open();
    await widget.ask('How to report outages?');
    const body = q<HTMLElement>(widget, '.msg.bot:last-child .body');
    expect(body.innerHTML).toContain('<strong>1-800-OUTAGE</strong>');
    expect(body.innerHTML).not.toContain('<script');
    const source = q<HTMLAnchorElement>(widget, '.sources a');
    expect(source.textContent).toBe('Outages');
    expect(source.href).toBe('https://utility.example/contactus#kb-outages');
    expect(q(widget, '[role="status"].sr').textContent).toContain('1-800-OUTAGE');
    const token = calls.find((call) => call.url.endsWith('/create-tokens'));
    expect(JSON.parse(String(token?.init.body))).toEqual({ apiKey: 'demo-key' });
    const stream = calls.find((call) => call.url.endsWith('/stream'));
    expect(headersOf(stream).Authorization).toBe('Bearer tok');
    expect(JSON.parse(String(stream?.init.body))).toEqual({
      message: 'How to report outages?',
      language: 'en',
    });

    q<HTMLButtonElement>(widget, 'button[aria-label="Helpful"]').click();
    await vi.waitFor(() =>
      expect(q(widget, 'button[aria-label="Helpful"]').getAttribute('aria-pressed')).toBe('true'),
    );
    const feedback = calls.find((call) => call.url.endsWith('/chat-feedback'));
    expect(JSON.parse(String(feedback?.init.body))).toEqual({
      messageId: '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
      rating: 'up',
    });

    // A page change or reload: the same conversation, continued under its id.
    widget.destroy();
    const again = new AssistWidget({ apiKey: 'demo-key', base: BASE });
    expect(q(again, '[role="dialog"]').textContent).toContain('1-800-OUTAGE');
    await again.ask('And gas leaks?');
    const second = calls.filter((call) => call.url.endsWith('/stream'))[1];
    expect(JSON.parse(String(second?.init.body)).conversationId).toBe('0b9f8a52-4a43-4c6e-9d7e-2f1c3b5a6d7e');

    again.newConversation();
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}').messages).toEqual([]);
  });

  it('binds the session to the signed-in user with X-Access-Token, and drops the conversation when the user changes', async () => {
    const calls = fakeHost();
    const widget = new AssistWidget({ apiKey: 'k', base: BASE, getAccessToken: () => 'user-access' });
    await widget.ask('What is my balance?');
    expect(headersOf(calls[0])['X-Access-Token']).toBeUndefined();
    widget.onAuthStatusChange({ authenticated: true });
    expect(widget.root.querySelectorAll('.msg.user')).toHaveLength(0);
    await widget.ask('What is my balance?');
    const token = calls.filter((call) => call.url.endsWith('/create-tokens'))[1];
    expect(headersOf(token)['X-Access-Token']).toBe('user-access');
  });

  it('agent mode: binds the token to the customer with the agent’s access token, labels it, and starts afresh per customer', async () => {
    const calls = fakeHost();
    const widget = new AssistWidget({
      apiKey: 'k',
      base: BASE,
      authenticated: true,
      getAccessToken: () => 'agent-access',
    });
    await widget.ask('How to report outages?');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ apiKey: 'k' });
    expect(widget.root.querySelector('.agent')).toBeNull();

    widget.open(false);
    widget.setAgentCustomer('1000000001');
    // A fresh conversation: the agent's own earlier answers are not mixed with the customer's.
    expect(widget.root.querySelectorAll('.msg.user')).toHaveLength(0);
    expect(widget.isOpen()).toBe(true);
    const label = q<HTMLElement>(widget, '.agent');
    expect(label.textContent).toBe('Agent mode: 1000000001');
    expect(q(widget, '[role="dialog"]').getAttribute('aria-describedby')).toBe(label.id);
    await widget.ask('What is my balance?');
    const tokenCalls = () => calls.filter((call) => call.url.endsWith('/create-tokens'));
    expect(tokenCalls()).toHaveLength(2);
    expect(JSON.parse(String(tokenCalls()[1]?.init.body))).toEqual({
      apiKey: 'k',
      customerAccountNumber: '1000000001',
    });
    expect(headersOf(tokenCalls()[1])['X-Access-Token']).toBe('agent-access');

    // It survives a reload (page change) with its label, in the page's language.
    widget.destroy();
    document.documentElement.lang = 'de';
    const again = new AssistWidget({ apiKey: 'k', base: BASE, getAccessToken: () => 'agent-access' });
    expect(again.agentCustomer()).toBe('1000000001');
    expect(q(again, '.agent').textContent).toBe('Mitarbeitermodus: 1000000001');
    expect(again.root.querySelectorAll('.msg.user')).toHaveLength(1);

    // Another customer: another conversation and another token; the same customer changes nothing.
    again.setAgentCustomer('1000000001');
    expect(again.root.querySelectorAll('.msg.user')).toHaveLength(1);
    again.setAgentCustomer('2000000002');
    expect(again.root.querySelectorAll('.msg.user')).toHaveLength(0);
    await again.ask('What is my balance?');
    expect(JSON.parse(String(tokenCalls().at(-1)?.init.body)).customerAccountNumber).toBe('2000000002');

    // Leaving the customer ends agent mode: no label, a token without an account number.
    again.setAgentCustomer(null);
    expect(again.root.querySelector('.agent')).toBeNull();
    await again.ask('How to report outages?');
    expect(JSON.parse(String(tokenCalls().at(-1)?.init.body))).toEqual({ apiKey: 'k' });
  });

  it('follows the theme the page reports', () => {
    const widget = new AssistWidget({ apiKey: 'k', base: BASE });
    widget.onThemeChange({
      id: 'darkBlue',
      dark: true,
      tokens: { '--gf-dialog-bg': '#001122', color: 'red' },
    });
    expect(widget.host.dataset.theme).toBe('darkBlue');
    expect(widget.host.style.getPropertyValue('--gf-dialog-bg')).toBe('#001122');
    expect(widget.host.style.getPropertyValue('color')).toBe('');
  });

  it('says so when the browser has no speech recognition', () => {
    const widget = new AssistWidget({ apiKey: 'k', base: BASE });
    widget.open();
    q<HTMLButtonElement>(widget, 'button.mic').click();
    expect(q(widget, '.status').textContent).toBe(TEXTS.en.noRecognition);
  });
});

describe('the global interface', () => {
  it('reads the global configuration, exposes the handlers and opens with a searched question', async () => {
    const calls = fakeHost();
    window.AIAssistConfig = { apiKey: 'from-config', base: BASE };
    const api = start(null);
    expect(window.AIAssist).toBe(api);
    expect(typeof api?.onThemeChange).toBe('function');
    expect(typeof api?.onSearch).toBe('function');
    expect(typeof api?.onAuthStatusChange).toBe('function');
    expect(typeof api?.setAgentCustomer).toBe('function');
    api?.onSearch('what is Green Tags?');
    await vi.waitFor(() => expect(calls.some((call) => call.url.endsWith('/stream'))).toBe(true));
    expect(api?.widget.isOpen()).toBe(true);
  });

  it('takes the api key from the script tag and warns without one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(start(null)).toBeUndefined();
    expect(warn).toHaveBeenCalled();
    const script = document.createElement('script');
    script.src = 'https://utility.example/ml/widget.js';
    script.dataset.apiKey = 'from-tag';
    const api = start(script);
    expect(api).toBeDefined();
    warn.mockRestore();
  });

  it('parses server-sent events and throws on an error event', () => {
    const tokens: string[] = [];
    expect(
      handleEvent('event: token\ndata: {"text":"a"}', { onToken: (t) => tokens.push(t) }),
    ).toBeUndefined();
    expect(tokens).toEqual(['a']);
    expect(() => handleEvent('event: error\ndata: {"message":"boom"}', { onToken: () => {} })).toThrow(
      'boom',
    );
  });
});
