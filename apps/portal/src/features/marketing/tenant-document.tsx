// One of the utility's own documents (issue 14, /admin Content) in the visitor's language, read by
// a plain fetch of GET /api/tenant/content/{kind}?lang= (the server falls back to the utility's
// default language). No document means the portal's built-in text. Plain text only: paragraphs and
// '## ' headings, drawn as text nodes, never as HTML.
// The first view (issue 7): the server's shell draws the documents of the page opened into its view
// and carries the same answers inline (<script type="application/json" id="gridfront-documents">,
// keyed "kind:language", apps/server/src/plugins/app-shell.ts); the page starts from them, so the
// app hydrates the server's nodes with no fetch before the paint and nothing moves. On the server the
// answers come through FirstViewDocumentsProvider (entry-server.tsx), never through module state,
// which every tenant's render shares.
import type { ContentKind } from '@gridfront/contracts/admin-content-basics';
import { LANGUAGES } from '@gridfront/contracts/constants';
import { createContext, useContext, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { readPublic } from '../../lib/tenant/brand-images.ts';
import { legalBlocks } from './legal-blocks.ts';

export interface TenantDocumentState {
  /** False until the answer (or its failure) is known. */
  ready: boolean;
  body?: string;
  /** The language the body is written in, for its lang attribute. */
  language?: string;
}

/** The id of the shell's inline JSON (TENANT_DOCUMENTS_DATA_ID in the server's app-shell.ts). */
export const TENANT_DOCUMENTS_DATA_ID = 'gridfront-documents';

/** GET /api/tenant/content/{kind}?lang= answers by `${kind}:${lang}`, as the server drew them. */
export type FirstViewDocuments = Readonly<Record<string, unknown>>;

const FirstViewDocumentsContext = createContext<FirstViewDocuments | null>(null);
/** The server's render: the documents its view of the page is drawn with. */
export const FirstViewDocumentsProvider = FirstViewDocumentsContext.Provider;

const cache = new Map<string, Promise<TenantDocumentState>>();
/** The answers known in this browser: the shell's inline ones, then each one loaded. */
const settled = new Map<string, TenantDocumentState>();
let inlineRead = false;

/** Takes the shell's inline documents once (the element goes: after a save they would be stale). */
function readInlineDocuments(): void {
  if (inlineRead || typeof document === 'undefined') return;
  inlineRead = true;
  const element = document.getElementById(TENANT_DOCUMENTS_DATA_ID);
  if (!element) return;
  element.remove();
  try {
    const raw: unknown = JSON.parse(element.textContent ?? '');
    if (typeof raw !== 'object' || raw === null) return;
    for (const [key, answer] of Object.entries(raw)) settled.set(key, documentOf(answer));
  } catch {
    // Unreadable: the page asks the API as it would without it.
  }
}

/** The document already known for `key`, without waiting; undefined when it has to be loaded. */
function knownDocument(key: string, first: FirstViewDocuments | null): TenantDocumentState | undefined {
  if (first && key in first) return documentOf(first[key]);
  // On the server nothing outside the render's own documents is known (no module state across tenants).
  if (typeof document === 'undefined') return undefined;
  readInlineDocuments();
  return settled.get(key);
}

function documentOf(raw: unknown): TenantDocumentState {
  if (typeof raw !== 'object' || raw === null) return { ready: true };
  const { body, language } = raw as Record<string, unknown>;
  return typeof body === 'string' && body.trim()
    ? { ready: true, body, language: typeof language === 'string' ? language : undefined }
    : { ready: true };
}

function load(kind: ContentKind, lang: string): Promise<TenantDocumentState> {
  const key = `${kind}:${lang}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = readPublic(`/tenant/content/${kind}?lang=${encodeURIComponent(lang)}`)
      .then(documentOf)
      .then((loaded) => {
        if (cache.get(key) === pending) settled.set(key, loaded);
        return loaded;
      });
    cache.set(key, pending);
  }
  return pending;
}

/** The document as useTenantDocument reads it (and caches it), for a caller that imports this module lazily. */
export function loadTenantDocument(kind: ContentKind, lang: string): Promise<TenantDocumentState> {
  return load(kind, lang);
}

/** After an administrator's save: the next page asks again. */
export function forgetTenantDocuments(): void {
  cache.clear();
  settled.clear();
  // The shell's answers too, should they not have been read yet.
  if (typeof document !== 'undefined') document.getElementById(TENANT_DOCUMENTS_DATA_ID)?.remove();
  inlineRead = false;
}

export function useTenantDocument(kind: ContentKind): TenantDocumentState {
  const { i18n } = useTranslation();
  const resolved = i18n.resolvedLanguage ?? '';
  const lang = (LANGUAGES as readonly string[]).includes(resolved) ? resolved : 'en';
  const first = useContext(FirstViewDocumentsContext);
  const key = `${kind}:${lang}`;
  const known = knownDocument(key, first);
  const [state, setState] = useState<TenantDocumentState & { key?: string }>({ ready: false });
  const isKnown = known !== undefined;
  useEffect(() => {
    if (isKnown) return;
    let live = true;
    void load(kind, lang).then((loaded) => {
      if (live) setState({ ...loaded, key });
    });
    return () => {
      live = false;
    };
  }, [kind, lang, key, isKnown]);
  return known ?? (state.key === key ? state : { ready: false });
}

/** The document's blocks: '## ' paragraphs as headings (at the level given), the rest as paragraphs. */
export function DocumentBlocks({ text, headingLevel = 2 }: { text: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      {legalBlocks(text).map((block, index) =>
        block.kind === 'heading' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text never reorder
          <Heading key={index}>{block.text}</Heading>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text never reorder
          <p key={index}>{block.text}</p>
        ),
      )}
    </>
  );
}
