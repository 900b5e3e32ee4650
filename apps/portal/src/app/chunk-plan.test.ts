// The chunk plan on a small graph shaped like the portal's: an entry, Home, the languages' texts,
// pages, shell parts and a lazily loaded client. What it must never do is put a module where a
// chunk would wait for itself (texts) or import a chunk that imports it back (the client).
import { describe, expect, it } from 'vitest';
import { type ChunkRules, type ModuleGraph, planChunks } from './chunk-plan.ts';

const rules: ChunkRules = {
  entry: /^main$/,
  texts: /^locale-\w+$/,
  home: /^home-route$/,
  page: /-page$/,
  shellParts: /^shell$/,
  library: /^lib:/,
  heavy: { forms: /^lib:forms$/ },
  namespace: /^(\w+)-texts$/,
  locale: /-locale-/,
  style: /\.css$/,
};

function graph(imports: Record<string, string[]>, dynamicImports: Record<string, string[]>): ModuleGraph {
  const ids = [
    ...new Set([
      ...Object.keys(imports),
      ...Object.values(imports).flat(),
      ...Object.values(dynamicImports).flat(),
    ]),
  ];
  return { ids, imports: (id) => imports[id] ?? [], dynamicImports: (id) => dynamicImports[id] ?? [] };
}

const portal = graph(
  {
    main: ['shell', 'i18n', 'router'],
    i18n: ['lib:i18next'],
    'locale-en': ['messages'],
    'home-route': ['title'],
    'privacy-page': ['frame', 'title'],
    'login-page': ['frame', 'field', 'client-hooks', 'check', 'notice'],
    'signup-page': ['frame', 'field', 'client-hooks', 'check', 'notice'],
    'bill-page': ['frame', 'bill-card'],
    'usage-page': ['frame', 'bill-card'],
    field: ['lib:forms'],
    'bill-card': ['billing-texts'],
    'client-hooks': ['client'],
    client: ['session'],
    toasts: ['lib:toastify', 'toast-style', 'notice'],
    widget: ['widget.css'],
  },
  {
    main: ['client'],
    i18n: ['locale-en'],
    router: ['home-route', 'privacy-page', 'login-page', 'signup-page', 'bill-page', 'usage-page'],
    shell: ['toasts'],
    'billing-texts': ['billing-locale-en'],
    check: ['widget', 'lib:widget-language', 'schema'],
  },
);

describe('planChunks', () => {
  const plan = planChunks(portal, rules);
  const chunk = (name: string) =>
    [...plan]
      .filter(([, of]) => of === name)
      .map(([id]) => id)
      .sort();

  it('puts what the entry and Home import in the app chunk, not the entry itself or the texts', () => {
    expect(chunk('app')).toEqual(['i18n', 'lib:i18next', 'router', 'shell', 'title']);
    expect(plan.has('main')).toBe(false);
    expect(plan.has('home-route')).toBe(false);
    // The texts import `messages`; in the app chunk it would wait for the texts that wait for it.
    expect(plan.has('messages')).toBe(false);
  });

  it('shares the modules two pages import, named for the heavy libraries and namespaces they bring', () => {
    expect(chunk('shared')).toEqual(['client-hooks', 'frame', 'notice']);
    expect(chunk('shared-forms')).toEqual(['field']);
    expect(chunk('shared-billing')).toEqual(['bill-card', 'billing-texts']);
    // A module that loads a lazy part: the server links the part's stylesheet for every route
    // whose chunks may load it, so the part's loader stays out of a chunk /privacy loads. A lazy
    // module without a stylesheet (a schema) changes nothing.
    expect(chunk('shared-widget')).toEqual(['check']);
    // Pages keep their own chunks; libraries keep theirs.
    expect(plan.has('login-page')).toBe(false);
    expect(plan.has('lib:forms')).toBe(false);
  });

  it("keeps the lazily loaded client's modules out of the shared chunks", () => {
    // client-hooks imports the client: shared, the client's chunk would import nothing back.
    expect(plan.get('client-hooks')).toBe('shared');
    expect(plan.has('client')).toBe(false);
    expect(plan.has('session')).toBe(false);
  });

  it("gathers the shell's later parts in one chunk, and leaves what pages import too to the pages", () => {
    expect(chunk('later')).toEqual(['lib:toastify', 'toast-style', 'toasts']);
    // In the parts' chunk, a page would load the parts before it is drawn.
    expect(plan.get('notice')).toBe('shared');
  });
});
