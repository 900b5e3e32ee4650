// One of the utility's own documents (issue 14, /admin Content) in the visitor's language, read by
// a plain fetch of GET /api/tenant/content/{kind}?lang= (the server falls back to the utility's
// default language). No document means the portal's built-in text. Plain text only: paragraphs and
// '## ' headings, drawn as text nodes, never as HTML.
// The first view (issue 7): a page starts from the answers already known (the server's render, the
// shell's inline ones: lib/tenant/first-view-documents.ts) and fetches only the others.
import type { ContentKind } from '@gridfront/contracts/admin-content-basics';
import { useEffect, useState } from 'react';
import { readPublic } from '../../lib/tenant/brand-images.ts';
import {
  documentOf,
  forgetKnownDocuments,
  rememberDocument,
  type TenantDocumentState,
  useKnownDocument,
} from '../../lib/tenant/first-view-documents.ts';
import { legalBlocks } from './legal-blocks.ts';

const cache = new Map<string, Promise<TenantDocumentState>>();

function load(kind: ContentKind, lang: string): Promise<TenantDocumentState> {
  const key = `${kind}:${lang}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = readPublic(`/tenant/content/${kind}?lang=${encodeURIComponent(lang)}`)
      .then(documentOf)
      .then((loaded) => {
        if (cache.get(key) === pending) rememberDocument(key, loaded);
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
  forgetKnownDocuments();
}

export function useTenantDocument(kind: ContentKind): TenantDocumentState {
  const { lang, key, known } = useKnownDocument(kind);
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
