import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useTenant } from '../../lib/tenant/use-tenant.ts';
import { legalBlocks } from './legal-blocks.ts';
import styles from './legal-document.module.css';
import { useTenantDocument } from './tenant-document.tsx';

export interface LegalDocumentProps {
  kind: 'privacy' | 'terms';
}

/** The utility's privacy policy or terms of use, in the utility's own words. */
export function LegalDocument({ kind }: LegalDocumentProps) {
  const { t } = useTranslation();
  const tenant = useTenant();
  // The document written in /admin Content (issue 14) in the visitor's language comes first.
  const own = useTenantDocument(kind === 'privacy' ? 'privacyPolicy' : 'termsOfUse');
  const text = own.body ?? (kind === 'privacy' ? tenant.legal.privacyPolicy : tenant.legal.termsOfUse) ?? '';
  const blocks = own.ready ? legalBlocks(text) : [];
  return (
    <PageFrame title={t(`pageNames.${kind}`)} intro={t(`legal.${kind}`, { name: tenant.displayName })}>
      {/* The document is in the utility's language, which a screen reader must know to read it. */}
      <article
        className={`gf-surface ${styles.document}`}
        lang={blocks.length > 0 ? (own.body ? own.language : tenant.contentLanguage) : undefined}
        aria-busy={!own.ready}
      >
        {!own.ready ? null : blocks.length === 0 ? (
          <p>{t('legal.notPublished', { name: tenant.displayName })}</p>
        ) : (
          blocks.map((block, index) =>
            block.kind === 'heading' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text never reorder
              <h2 key={index}>{block.text}</h2>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text never reorder
              <p key={index}>{block.text}</p>
            ),
          )
        )}
      </article>
    </PageFrame>
  );
}
