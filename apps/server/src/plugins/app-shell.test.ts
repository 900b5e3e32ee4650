import { describe, expect, it } from 'vitest';
import { injectFrame, staticFrame } from './app-shell.ts';

const INDEX =
  '<!doctype html><html><head></head><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>';

describe('the static frame (issue 7)', () => {
  it('names the utility as escaped text, hidden from screen readers', () => {
    const frame = staticFrame('Water & <b>Power</b> "Co" $&');
    expect(frame).toMatch(/^<div class="gf-frame" aria-hidden="true">/);
    expect(frame).toContain(
      '<span class="gf-frame-name">Water &amp; &lt;b&gt;Power&lt;/b&gt; &quot;Co&quot; $&amp;</span>',
    );
    expect(frame).not.toContain('<b>');
  });

  it('leaves out the name element for a utility without a name', () => {
    expect(staticFrame('  ')).not.toContain('gf-frame-name');
    expect(staticFrame('')).toContain('<div class="gf-frame-main"></div>');
  });

  it('goes inside the empty root and nowhere else; a replacement pattern in the name stays literal', () => {
    const html = injectFrame(INDEX, staticFrame('$& $1'));
    expect(html).toContain('<div id="root"><div class="gf-frame" aria-hidden="true">');
    expect(html).toContain('$&amp; $1</span>');
    expect(html.match(/gf-frame"/g)).toHaveLength(1);
    expect(html.replace(staticFrame('$& $1'), '')).toBe(INDEX);
    expect(injectFrame('<body><main></main></body>', staticFrame('X'))).toBe('<body><main></main></body>');
  });
});
