// The AI Assist widget: a launcher and a dialog in a shadow root. Streaming answers as sanitized
// Markdown with sources, thumbs up/down, copy, new conversation, voice in and out. The conversation
// (its id and messages) lives in sessionStorage, so it survives page changes and reloads.
import { type AssistAnswer, type AssistSource, createToken, sendFeedback, streamChat } from './api.ts';
import { absoluteUrl, renderMarkdown } from './markdown.ts';
import { WIDGET_CSS } from './styles.ts';
import { SPEECH_LANG, TEXTS, type WidgetLanguage, type WidgetTexts, widgetLanguage } from './texts.ts';

export const STORAGE_KEY = 'gf-ai-assist';

export interface WidgetOptions {
  apiKey: string;
  /** The ML host's base URL, e.g. https://utility.example/ml. */
  base: string;
  /** Returns the signed-in user's access token, or null: binds the widget session to them. */
  getAccessToken?: () => string | null;
  language?: string;
  authenticated?: boolean;
  /** Agent mode (the staff page): answer about this customer's account, with the agent's access token. */
  customerAccountNumber?: string | null;
}

export interface ThemeReport {
  id?: string;
  dark?: boolean;
  /** CSS custom properties (--gf-…) of the active theme. */
  tokens?: Record<string, string>;
}

interface Message {
  role: 'user' | 'bot';
  text: string;
  sources?: AssistSource[];
  messageId?: string;
  rating?: 'up' | 'down';
  failed?: boolean;
}

interface Stored {
  conversationId?: string;
  messages: Message[];
  open: boolean;
  authenticated: boolean;
  /** Agent mode: the customer's account number the conversation is about. */
  agentFor?: string | null;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

// The buttons' icons are drawn, not emoji: a machine without an emoji font showed an empty box for
// the microphone. Each button keeps its aria-label; the icon is hidden from screen readers.
const ICON_PATHS = {
  up: 'M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6V3a1.5 1.5 0 0 0-.5-1L13.2 1 6.6 7.6A2 2 0 0 0 6 9v10a2 2 0 0 0 2 2h9a2 2 0 0 0 1.8-1.2l3-7A2 2 0 0 0 22 12v-2z',
  copy: 'M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11v14z',
  speaker:
    'M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z',
  mic: 'M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-3.1a7 7 0 0 0 6-6.9h-2z',
} as const;

function icon(name: keyof typeof ICON_PATHS, flip = false): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '18');
  svg.setAttribute('height', '18');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  if (flip) svg.setAttribute('transform', 'rotate(180)');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', ICON_PATHS[name]);
  path.setAttribute('fill', 'currentColor');
  svg.append(path);
  return svg;
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

type Recognition = {
  lang: string;
  interimResults: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: (() => void) | null;
  onend: (() => void) | null;
  start(): void;
};

export class AssistWidget {
  readonly host: HTMLElement;
  readonly root: ShadowRoot;
  private readonly options: WidgetOptions;
  private language: WidgetLanguage;
  private texts: WidgetTexts;
  private state: Stored;
  private token: { value: string; expires: number; signedIn: boolean } | null = null;
  private busy = false;
  private hiddenByPage = false;
  private launcher!: HTMLButtonElement;
  private panel!: HTMLDivElement;
  private log!: HTMLDivElement;
  private input!: HTMLInputElement;
  private live!: HTMLDivElement;
  private status!: HTMLParagraphElement;

  constructor(options: WidgetOptions, parent: HTMLElement = document.body) {
    this.options = options;
    this.language = widgetLanguage(options.language ?? document.documentElement.lang);
    this.texts = TEXTS[this.language];
    this.state = this.load();
    if (options.authenticated !== undefined && options.authenticated !== this.state.authenticated) {
      this.state = { messages: [], open: this.state.open, authenticated: options.authenticated };
    }
    if (options.customerAccountNumber !== undefined) {
      const agentFor = options.customerAccountNumber || null;
      if (agentFor !== (this.state.agentFor ?? null)) this.state = { ...this.fresh(), agentFor };
    }
    this.host = el('div', { id: 'gf-ai-assist', 'data-ai-assist': '' });
    this.root = this.host.attachShadow({ mode: 'open' });
    this.adoptStyles();
    parent.append(this.host);
    this.render();
    if (this.state.open) this.open(false);
  }

  // ---- the global interface's handlers -------------------------------------------------------

  /** The page's theme changed: its tokens go on the host, so the shadow tree follows them. */
  onThemeChange(theme: ThemeReport | string): void {
    const report = typeof theme === 'string' ? { id: theme } : theme;
    for (const [name, value] of Object.entries(report.tokens ?? {})) {
      if (name.startsWith('--')) this.host.style.setProperty(name, value);
    }
    if (report.dark !== undefined)
      this.host.style.setProperty('color-scheme', report.dark ? 'dark' : 'light');
    if (report.id) this.host.dataset.theme = report.id;
  }

  /** The page's search value: opens the widget and asks it. */
  onSearch(value: string): void {
    const question = value.trim();
    if (!question) return;
    this.open(false);
    void this.ask(question);
  }

  /** Signed in or out: a new session token; the conversation of someone else is not shown. */
  onAuthStatusChange(status: boolean | { authenticated: boolean }): void {
    const authenticated = typeof status === 'boolean' ? status : status.authenticated;
    this.token = null;
    if (authenticated !== this.state.authenticated) {
      this.state = { ...this.fresh(), authenticated, agentFor: authenticated ? this.state.agentFor : null };
      this.save();
      this.render();
      if (this.state.open) this.open(false);
    }
  }

  /**
   * Agent mode (the staff page): the answers are about this customer's account, read with the
   * agent's own access token (the ML host checks they are staff of the utility); null ends it.
   * Another customer starts another conversation, so one customer's answers never show for another.
   */
  setAgentCustomer(accountNumber: string | null): void {
    const agentFor = accountNumber?.trim() || null;
    if (agentFor === (this.state.agentFor ?? null)) return;
    this.token = null;
    this.state = { ...this.fresh(), agentFor };
    this.save();
    const wasOpen = this.isOpen();
    this.render();
    if (wasOpen) this.open(false);
  }

  /** The account number agent mode is about, or null. */
  agentCustomer(): string | null {
    return this.state.agentFor ?? null;
  }

  setLanguage(lang: string): void {
    const language = widgetLanguage(lang);
    if (language === this.language) return;
    this.language = language;
    this.texts = TEXTS[language];
    const wasOpen = this.isOpen();
    this.render();
    if (wasOpen) this.open(false);
  }

  /** Hidden on pages that must not show it (/net2grid, /gridx). */
  setHidden(hidden: boolean): void {
    this.hiddenByPage = hidden;
    if (hidden) this.close(false);
    this.host.hidden = hidden;
  }

  isOpen(): boolean {
    return !this.panel.hidden;
  }

  open(focus = true): void {
    if (this.hiddenByPage) return;
    this.panel.hidden = false;
    this.launcher.hidden = true;
    this.launcher.setAttribute('aria-expanded', 'true');
    this.state.open = true;
    this.save();
    this.scrollToEnd();
    if (focus) this.input.focus();
    else queueMicrotask(() => this.input.focus());
  }

  close(returnFocus = true): void {
    if (!this.panel || this.panel.hidden) return;
    this.panel.hidden = true;
    this.launcher.hidden = false;
    this.launcher.setAttribute('aria-expanded', 'false');
    this.state.open = false;
    this.save();
    if (returnFocus) this.launcher.focus();
  }

  destroy(): void {
    this.host.remove();
  }

  newConversation(): void {
    this.state = this.fresh();
    this.save();
    this.renderLog();
    this.input.focus();
  }

  // ---- asking ---------------------------------------------------------------------------------

  async ask(question: string): Promise<void> {
    const message = question.trim().slice(0, 1000);
    if (!message || this.busy) return;
    this.busy = true;
    this.state.messages.push({ role: 'user', text: message });
    const answer: Message = { role: 'bot', text: '' };
    this.state.messages.push(answer);
    this.save();
    this.renderLog();
    const bubble = this.log.lastElementChild as HTMLElement;
    const body = bubble.querySelector('.body') as HTMLElement;
    this.log.setAttribute('aria-busy', 'true');
    this.setStatus(this.texts.thinking);
    let pending = false;
    const paint = () => {
      pending = false;
      body.innerHTML = renderMarkdown(answer.text, this.options.base);
      this.scrollToEnd();
    };
    try {
      const done = await this.withToken((token) =>
        streamChat(
          this.options.base,
          token,
          { message, conversationId: this.state.conversationId, language: this.language },
          {
            onToken: (text) => {
              answer.text += text;
              if (!pending) {
                pending = true;
                requestAnimationFrame(paint);
              }
            },
          },
        ),
      );
      this.finish(answer, done);
    } catch (error) {
      answer.text = this.texts.failed;
      answer.failed = true;
      console.warn('AI Assist: the answer failed', error);
    } finally {
      this.busy = false;
      this.log.removeAttribute('aria-busy');
      this.setStatus('');
      this.save();
      this.renderLog();
      const last = this.state.messages.at(-1);
      if (last?.role === 'bot') this.announce(last);
    }
  }

  private finish(answer: Message, done: AssistAnswer): void {
    this.state.conversationId = done.conversationId;
    answer.text = done.answer;
    answer.sources = done.sources;
    answer.messageId = done.messageId;
  }

  /** Runs a call with a session token, getting a new one once when the old one is refused. */
  private async withToken<T>(call: (token: string) => Promise<T>): Promise<T> {
    const token = await this.sessionToken();
    try {
      return await call(token);
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 401) {
        this.token = null;
        return call(await this.sessionToken());
      }
      if (status === 404 && this.state.conversationId) {
        // The conversation belongs to an earlier session: start a new one.
        this.state.conversationId = undefined;
        return call(await this.sessionToken());
      }
      throw error;
    }
  }

  private async sessionToken(): Promise<string> {
    if (this.token && this.token.expires > Date.now() + 30_000) return this.token.value;
    const agentFor = this.state.agentFor ?? null;
    const accessToken =
      this.state.authenticated || agentFor ? (this.options.getAccessToken?.() ?? null) : null;
    const result = await createToken(this.options.base, this.options.apiKey, accessToken, agentFor);
    this.token = { value: result.token, expires: Date.parse(result.expiresAt), signedIn: result.signedIn };
    return result.token;
  }

  private async rate(message: Message, rating: 'up' | 'down'): Promise<void> {
    if (!message.messageId) return;
    const messageId = message.messageId;
    try {
      await this.withToken((token) => sendFeedback(this.options.base, token, messageId, rating));
      message.rating = rating;
      this.save();
      this.renderLog();
      this.setStatus(this.texts.thanks);
    } catch (error) {
      console.warn('AI Assist: feedback failed', error);
      this.setStatus(this.texts.failed);
    }
  }

  private async copy(message: Message): Promise<void> {
    try {
      await navigator.clipboard.writeText(message.text);
      this.setStatus(this.texts.copied);
    } catch {
      this.setStatus(this.texts.failed);
    }
  }

  // ---- voice ----------------------------------------------------------------------------------

  private listen(): void {
    const scope = globalThis as unknown as Record<string, (new () => Recognition) | undefined>;
    const Speech = scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
    if (!Speech) {
      this.setStatus(this.texts.noRecognition);
      return;
    }
    const recognition = new Speech();
    recognition.lang = SPEECH_LANG[this.language];
    recognition.interimResults = false;
    recognition.onresult = (event) => {
      const transcript = event.results[0]?.[0]?.transcript ?? '';
      this.setStatus('');
      if (transcript) void this.ask(transcript);
    };
    recognition.onerror = () => this.setStatus(this.texts.noRecognition);
    this.setStatus(this.texts.listening);
    try {
      recognition.start();
    } catch {
      this.setStatus(this.texts.noRecognition);
    }
  }

  private speak(message: Message): void {
    if (typeof speechSynthesis === 'undefined' || typeof SpeechSynthesisUtterance === 'undefined') {
      this.setStatus(this.texts.noSynthesis);
      return;
    }
    const holder = document.createElement('div');
    holder.innerHTML = renderMarkdown(message.text, this.options.base);
    const utterance = new SpeechSynthesisUtterance(holder.textContent ?? '');
    utterance.lang = SPEECH_LANG[this.language];
    const voice = speechSynthesis.getVoices().find((v) => v.lang.startsWith(this.language));
    if (voice) utterance.voice = voice;
    speechSynthesis.cancel();
    speechSynthesis.speak(utterance);
  }

  // ---- drawing --------------------------------------------------------------------------------

  private adoptStyles(): void {
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(WIDGET_CSS);
      this.root.adoptedStyleSheets = [sheet];
    } catch {
      this.root.append(el('style', {}, WIDGET_CSS));
    }
  }

  private render(): void {
    const t = this.texts;
    for (const child of [...this.root.childNodes]) if (child.nodeName !== 'STYLE') child.remove();
    this.host.lang = this.language;
    this.launcher = el(
      'button',
      {
        type: 'button',
        class: 'launcher',
        'aria-haspopup': 'dialog',
        'aria-expanded': 'false',
        'aria-label': t.open,
      },
      t.title,
    );
    this.launcher.addEventListener('click', () => this.open());

    const titleId = 'aa-title';
    const close = el('button', { type: 'button', 'aria-label': t.close, class: 'close' }, '✕');
    close.addEventListener('click', () => this.close());
    const fresh = el('button', { type: 'button', class: 'new' }, t.newConversation);
    fresh.addEventListener('click', () => this.newConversation());
    this.log = el('div', { class: 'log', tabindex: '0', role: 'region', 'aria-label': t.title });
    this.live = el('div', { class: 'sr', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
    this.status = el('p', { class: 'note status', 'aria-live': 'polite' });
    this.input = el('input', {
      type: 'text',
      name: 'question',
      id: 'aa-question',
      placeholder: t.placeholder,
      autocomplete: 'off',
      maxlength: '1000',
      enterkeyhint: 'send',
    });
    const label = el('label', { for: 'aa-question', class: 'sr' }, t.placeholder);
    const mic = el(
      'button',
      { type: 'button', class: 'mic', 'aria-label': t.speak, title: t.speak },
      icon('mic'),
    );
    mic.addEventListener('click', () => this.listen());
    const send = el('button', { type: 'submit', class: 'send' }, t.send);
    const form = el('form', {}, label, this.input, mic, send);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const value = this.input.value;
      this.input.value = '';
      void this.ask(value);
    });
    const agentFor = this.state.agentFor;
    const agentLabel = agentFor
      ? el('p', { class: 'agent', id: 'aa-agent', 'data-agent-for': agentFor }, t.agentMode(agentFor))
      : null;
    this.panel = el(
      'div',
      {
        class: 'panel',
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': titleId,
        ...(agentLabel ? { 'aria-describedby': 'aa-agent' } : {}),
        hidden: '',
      },
      el('header', {}, el('h2', { id: titleId }, t.title), fresh, close),
      ...(agentLabel ? [agentLabel] : []),
      this.log,
      this.status,
      form,
      this.live,
    );
    this.panel.addEventListener('keydown', (event) => this.onKey(event));
    this.root.append(this.launcher, this.panel);
    this.renderLog();
  }

  private renderLog(): void {
    const t = this.texts;
    const items: HTMLElement[] = [el('p', { class: 'msg bot welcome' }, t.welcome)];
    if (this.state.messages.length === 0) {
      const list = el('ul', { class: 'suggest', 'aria-label': t.suggestions });
      for (const question of t.questions) {
        const button = el('button', { type: 'button' }, question);
        button.addEventListener('click', () => void this.ask(question));
        list.append(el('li', {}, button));
      }
      items.push(list);
    }
    for (const message of this.state.messages) items.push(this.messageNode(message));
    this.log.replaceChildren(...items);
    this.scrollToEnd();
  }

  private messageNode(message: Message): HTMLElement {
    const t = this.texts;
    if (message.role === 'user') {
      return el('div', { class: 'msg user' }, el('span', { class: 'who' }, `${t.you}: `), message.text);
    }
    const body = el('div', { class: 'body' });
    body.innerHTML = message.text ? renderMarkdown(message.text, this.options.base) : '';
    const node = el('div', { class: 'msg bot' }, el('span', { class: 'who' }, `${t.assistant}: `), body);
    if (message.sources && message.sources.length > 0) {
      const list = el('ul');
      for (const source of message.sources) {
        list.append(
          el('li', {}, el('a', { href: absoluteUrl(source.url, this.options.base) }, source.title)),
        );
      }
      node.append(el('div', { class: 'sources' }, el('strong', {}, `${t.sources}:`), list));
    }
    if (message.messageId && !message.failed) {
      const tools = el('div', { class: 'tools', role: 'group', 'aria-label': t.answer });
      const up = el(
        'button',
        {
          type: 'button',
          'aria-pressed': String(message.rating === 'up'),
          'aria-label': t.helpful,
          title: t.helpful,
        },
        icon('up'),
      );
      const down = el(
        'button',
        {
          type: 'button',
          'aria-pressed': String(message.rating === 'down'),
          'aria-label': t.notHelpful,
          title: t.notHelpful,
        },
        icon('up', true),
      );
      const copy = el('button', { type: 'button', 'aria-label': t.copy, title: t.copy }, icon('copy'));
      const speak = el(
        'button',
        { type: 'button', 'aria-label': t.listen, title: t.listen },
        icon('speaker'),
      );
      up.addEventListener('click', () => void this.rate(message, 'up'));
      down.addEventListener('click', () => void this.rate(message, 'down'));
      copy.addEventListener('click', () => void this.copy(message));
      speak.addEventListener('click', () => this.speak(message));
      tools.append(up, down, copy, speak);
      node.append(tools);
    }
    return node;
  }

  /** The finished answer is read once, whole, by screen readers (not token by token). */
  private announce(message: Message): void {
    const holder = document.createElement('div');
    holder.innerHTML = renderMarkdown(message.text, this.options.base);
    this.live.textContent = `${this.texts.answer}: ${holder.textContent ?? ''}`;
  }

  private setStatus(text: string): void {
    this.status.textContent = text;
  }

  private scrollToEnd(): void {
    this.log.scrollTop = this.log.scrollHeight;
  }

  /** Focus stays in the dialog while it is open; Escape closes it and focus returns to the launcher. */
  private onKey(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      this.close();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...this.panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (node) => !node.closest('[hidden]'),
    );
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const active = this.root.activeElement;
    if (event.shiftKey && (active === first || !this.panel.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !this.panel.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }

  // ---- storage --------------------------------------------------------------------------------

  private load(): Stored {
    try {
      const raw = sessionStorage.getItem(STORAGE_KEY);
      if (raw) {
        const stored = JSON.parse(raw) as Stored;
        if (Array.isArray(stored.messages)) return stored;
      }
    } catch {
      // storage blocked or corrupt: start afresh
    }
    return { messages: [], open: false, authenticated: this.options.authenticated ?? false };
  }

  /** An empty conversation that keeps the open state, the sign-in and agent mode. */
  private fresh(): Stored {
    return {
      messages: [],
      open: this.state.open,
      authenticated: this.state.authenticated,
      agentFor: this.state.agentFor ?? null,
    };
  }

  private save(): void {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(this.state));
    } catch {
      // storage blocked: the conversation lasts until the page changes
    }
  }
}
