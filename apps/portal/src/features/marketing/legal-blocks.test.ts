import { describe, expect, it } from 'vitest';
import { legalBlocks } from './legal-blocks.ts';

describe('legalBlocks', () => {
  it('splits paragraphs at blank lines and reads "## " as a heading', () => {
    expect(
      legalBlocks('We care.\n\n## What we collect\n\nYour name\nand address.\r\n\r\n  \n\nThe end.'),
    ).toEqual([
      { kind: 'paragraph', text: 'We care.' },
      { kind: 'heading', text: 'What we collect' },
      { kind: 'paragraph', text: 'Your name and address.' },
      { kind: 'paragraph', text: 'The end.' },
    ]);
  });

  it('gives nothing for an empty document, and keeps markup as text', () => {
    expect(legalBlocks('  \n\n ')).toEqual([]);
    expect(legalBlocks('<b>bold</b>')).toEqual([{ kind: 'paragraph', text: '<b>bold</b>' }]);
  });
});
