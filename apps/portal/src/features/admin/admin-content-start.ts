// Where the /admin/content editor starts when nothing is saved in the chosen language (issue 14
// polish): the text a visitor of that language sees today, so an administrator edits rather than
// retypes. In the order the public pages look: the utility's text in that language, its default
// language, its content language; else the built-in text, the configuration's (hours, address,
// legal documents, payment agreement: the server sends it) or the portal's own (About Us, Services,
// drawn here in the chosen language from the portal's translations, as plain text).
import type { AdminContentResponse } from '@gridfront/contracts/admin-content';
import type { ContentKind } from '@gridfront/contracts/admin-content-basics';
import { type Language, UTILITY_TYPES } from '@gridfront/contracts/constants';
import { useEffect, useState } from 'react';
import { localeLoaders } from '../../i18n/i18n.ts';
import type { Translation } from '../../i18n/locales/en.ts';

export interface StartingText {
  body: string;
  /** 'saved': the utility's text in another language; 'builtIn': the built-in text; null: nothing. */
  from: 'saved' | 'builtIn' | null;
  /** The language `body` is written in. */
  language: Language;
}

/** The page's blocks as the editor's plain text: '## ' headings, blank lines between paragraphs. */
function plainText(blocks: readonly (string | { heading: string })[]): string {
  return blocks.map((block) => (typeof block === 'string' ? block : `## ${block.heading}`)).join('\n\n');
}

/** The portal's built-in About Us or Services (as about-page.tsx and services-page.tsx draw them). */
export function portalBuiltInText(texts: Translation, kind: ContentKind): string | null {
  if (kind === 'about') {
    const { about } = texts;
    return plainText([
      { heading: about.missionHeading },
      about.missionText,
      { heading: about.portalHeading },
      about.portalText,
      { heading: about.valuesHeading },
      about.values.reliability,
      about.values.transparency,
      about.values.sustainability,
      about.values.community,
    ]);
  }
  if (kind === 'services') {
    const { services } = texts;
    const utilities = services.utilities as Record<string, string>;
    const { portal } = services;
    return plainText([
      { heading: services.utilitiesHeading },
      ...UTILITY_TYPES.map((type) => `${utilities[`${type}Name`]}: ${utilities[`${type}Text`]}`),
      { heading: services.portalHeading },
      portal.payments,
      portal.autopay,
      portal.history,
      portal.usage,
      portal.requests,
      portal.assistant,
    ]);
  }
  return null;
}

/** The utility's saved text a visitor of `language` sees, looked for as the server does. */
export function savedStart(
  content: AdminContentResponse,
  kind: ContentKind,
  language: Language,
  contentLanguage: string,
): StartingText | null {
  const order = [...new Set([language, content.defaultLanguage, contentLanguage])];
  for (const candidate of order) {
    const found = content.documents.find((entry) => entry.kind === kind && entry.language === candidate);
    if (found) return { body: found.body, from: 'saved', language: found.language };
  }
  return null;
}

/** The starting text for `kind` in `language`; undefined while the portal's translations load. */
export function useStartingText(
  content: AdminContentResponse,
  kind: ContentKind,
  language: Language,
  contentLanguage: string,
): StartingText | undefined {
  const saved = savedStart(content, kind, language, contentLanguage);
  const configured = content.builtIn.find((entry) => entry.kind === kind && entry.language === language);
  const portalKind = !configured && (kind === 'about' || kind === 'services');
  const needsPortal = !saved && portalKind;
  const key = `${kind}:${language}`;
  const [portal, setPortal] = useState<{ key: string; body: string | null } | undefined>();
  // Loaded even while a saved text is shown: removing that text must find the built-in one ready,
  // or the editor would give way to 'loading' and lose its 'Removed' message.
  useEffect(() => {
    if (!portalKind) return;
    let live = true;
    void localeLoaders[language]().then(
      (texts) => live && setPortal({ key, body: portalBuiltInText(texts, kind) }),
      () => live && setPortal({ key, body: null }),
    );
    return () => {
      live = false;
    };
  }, [portalKind, language, kind, key]);
  if (saved) return saved;
  if (configured) return { body: configured.body, from: 'builtIn', language: configured.bodyLanguage };
  if (!needsPortal) return { body: '', from: null, language };
  if (portal?.key !== key) return undefined;
  return portal.body ? { body: portal.body, from: 'builtIn', language } : { body: '', from: null, language };
}
