// The utility's own documents (issue 14, /admin Content) already known without a fetch: in the
// server's render, the ones it draws with (FirstViewDocumentsProvider, entry-server.tsx); in the
// browser, the shell's inline answers (<script type="application/json" id="gridfront-documents">,
// keyed "kind:language", apps/server/src/plugins/app-shell.ts) and each one loaded since. The page's
// documents and the footer's hours start from them, so the app hydrates the server's nodes with no
// fetch before the paint and nothing moves (issue 7). Small and free of the loading code
// (features/marketing/tenant-document.tsx), since the footer of every page reads it.
import type { ContentKind } from '@gridfront/contracts/admin-content-basics';
import { LANGUAGES } from '@gridfront/contracts/constants';
import { createContext, useContext } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { takeInlineData } from '../inline-data.ts';

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

const FirstViewDocumentsContext = createContext<FirstViewDocuments | null | undefined>(null);
/** The server's render: the documents its view of the page is drawn with. Never module state,
 * which every tenant's render on the server shares. */
export const FirstViewDocumentsProvider = FirstViewDocumentsContext.Provider;

/** The answers known in this browser: the shell's inline ones, then each one loaded. */
const settled = new Map<string, TenantDocumentState>();
let inlineRead = false;

/** Takes the shell's inline documents once (the element goes: after a save they would be stale). */
function readInlineDocuments(): void {
  if (inlineRead) return;
  inlineRead = true;
  const raw = takeInlineData(TENANT_DOCUMENTS_DATA_ID);
  if (typeof raw !== 'object' || raw === null) return;
  for (const [key, answer] of Object.entries(raw)) settled.set(key, documentOf(answer));
}

/** An answer of GET /api/tenant/content/{kind}: a body worth showing, or none (the built-in text). */
export function documentOf(raw: unknown): TenantDocumentState {
  if (typeof raw !== 'object' || raw === null) return { ready: true };
  const { body, language } = raw as Record<string, unknown>;
  return typeof body === 'string' && body.trim()
    ? { ready: true, body, language: typeof language === 'string' ? language : undefined }
    : { ready: true };
}

/** Remembers a loaded answer for the pages opened next. */
export function rememberDocument(key: string, state: TenantDocumentState): void {
  settled.set(key, state);
}

/** After an administrator's save: every answer known so far, the shell's too, is forgotten. */
export function forgetKnownDocuments(): void {
  settled.clear();
  if (typeof document !== 'undefined') document.getElementById(TENANT_DOCUMENTS_DATA_ID)?.remove();
  inlineRead = false;
}

/** The document already known for `key`, without waiting; undefined when it has to be loaded. */
function knownDocument(
  key: string,
  first: FirstViewDocuments | null | undefined,
): TenantDocumentState | undefined {
  // The server's render (a provider, its value perhaps undefined) knows its own documents only.
  if (first !== null) return first && key in first ? documentOf(first[key]) : undefined;
  if (typeof document === 'undefined') return undefined;
  readInlineDocuments();
  return settled.get(key);
}

/** The document of `kind` in the visitor's language: its key, and its answer where already known. */
export function useKnownDocument(kind: ContentKind): {
  lang: string;
  key: string;
  known: TenantDocumentState | undefined;
} {
  const { i18n } = useTranslation();
  const resolved = i18n.resolvedLanguage ?? '';
  const lang = (LANGUAGES as readonly string[]).includes(resolved) ? resolved : 'en';
  const key = `${kind}:${lang}`;
  return { lang, key, known: knownDocument(key, useContext(FirstViewDocumentsContext)) };
}
