// One of the utility's own documents (issue 14, /admin Content) in the visitor's language, read by
// a plain fetch of GET /api/tenant/content/{kind}?lang= (the server falls back to the utility's
// default language). No document means the portal's built-in text. Plain text only: paragraphs and
// '## ' headings, drawn as text nodes, never as HTML.
import type { ContentKind } from '@gridfront/contracts/admin-content-basics';
import { LANGUAGES } from '@gridfront/contracts/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readPublic } from '../../lib/tenant/brand-images.ts';
import { legalBlocks } from './legal-blocks.ts';

export interface TenantDocumentState {
  /** False until the answer (or its failure) is known. */
  ready: boolean;
  body?: string;
  /** The language the body is written in, for its lang attribute. */
  language?: string;
}

const cache = new Map<string, Promise<TenantDocumentState>>();

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
    pending = readPublic(`/tenant/content/${kind}?lang=${encodeURIComponent(lang)}`).then(documentOf);
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
}

export function useTenantDocument(kind: ContentKind): TenantDocumentState {
  const { i18n } = useTranslation();
  const resolved = i18n.resolvedLanguage ?? '';
  const lang = (LANGUAGES as readonly string[]).includes(resolved) ? resolved : 'en';
  const [state, setState] = useState<TenantDocumentState & { key?: string }>({ ready: false });
  const key = `${kind}:${lang}`;
  useEffect(() => {
    let live = true;
    void load(kind, lang).then((loaded) => {
      if (live) setState({ ...loaded, key });
    });
    return () => {
      live = false;
    };
  }, [kind, lang, key]);
  return state.key === key ? state : { ready: false };
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
