// A tenant's legal document as blocks to render: paragraphs split by blank lines, and a paragraph
// that opens with '## ' is a heading. Plain text only: the tenant's words are never read as HTML.

export interface LegalBlock {
  kind: 'heading' | 'paragraph';
  text: string;
}

export function legalBlocks(document: string): LegalBlock[] {
  return document
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .filter((block) => block.length > 0)
    .map((block) =>
      block.startsWith('## ')
        ? { kind: 'heading', text: block.slice(3).trim() }
        : { kind: 'paragraph', text: block },
    );
}
