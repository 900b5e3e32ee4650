import { describe, expect, it } from 'vitest';
import { injectFrame, preloadsFor, staticFrame } from './app-shell.ts';

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

describe('the stylesheets of a server-rendered view (issue 7)', () => {
  const manifest = {
    'index.html': {
      file: 'assets/index-1.js',
      src: 'index.html',
      isEntry: true,
      css: ['assets/index-1.css'],
    },
    'src/features/settings/settings-page.tsx': {
      file: 'assets/settings-page-1.js',
      css: ['assets/page-frame-1.css'],
      dynamicImports: ['src/features/settings/settings-sections.tsx', 'src/features/settings/locales/en.ts'],
    },
    'src/features/settings/settings-sections.tsx': {
      file: 'assets/settings-sections-1.js',
      css: ['assets/settings-sections-1.css'],
      imports: ['_forms-1.js'],
    },
    '_forms-1.js': { file: 'assets/forms-1.js', css: ['assets/text-field-1.css', 'assets/index-1.css'] },
    'src/features/settings/locales/en.ts': { file: 'assets/settings-en-1.js' },
  };

  it("applies the lazily imported cards' stylesheets only under a view, without preloading their code", () => {
    const plain = preloadsFor(manifest, 'src/features/settings/settings-page.tsx', 'en');
    expect(plain.styles).toEqual(['assets/page-frame-1.css']);
    const withView = preloadsFor(manifest, 'src/features/settings/settings-page.tsx', 'en', true);
    expect(withView.styles).toEqual([
      'assets/page-frame-1.css',
      'assets/settings-sections-1.css',
      'assets/text-field-1.css',
    ]);
    expect(withView.modules).toEqual(plain.modules);
    expect(withView.modules).not.toContain('assets/settings-sections-1.js');
    expect(withView.modules).toContain('assets/settings-en-1.js');
  });

  it("takes no lazy part of the entry's own chunks for the route's, when the route imports them", () => {
    // The build's 'app' chunk (vite.config.ts): what the entry imports, which a route imports too,
    // and which loads every other route lazily.
    const withApp = {
      ...manifest,
      'index.html': { ...manifest['index.html'], imports: ['_app-1.js'] },
      '_app-1.js': {
        file: 'assets/app-1.js',
        css: ['assets/app-1.css'],
        dynamicImports: ['src/features/usage/usage-page.tsx', 'src/i18n/locales/en.ts'],
      },
      'src/features/usage/usage-page.tsx': {
        file: 'assets/usage-page-1.js',
        css: ['assets/usage-page-1.css'],
      },
      'src/i18n/locales/en.ts': { file: 'assets/en-1.js' },
      'src/features/settings/settings-page.tsx': {
        ...manifest['src/features/settings/settings-page.tsx'],
        imports: ['_app-1.js'],
      },
    };
    const withView = preloadsFor(withApp, 'src/features/settings/settings-page.tsx', 'en', true);
    expect(withView.styles).toEqual([
      'assets/page-frame-1.css',
      'assets/settings-sections-1.css',
      'assets/text-field-1.css',
    ]);
    expect(withView.modules).toEqual([
      'assets/en-1.js',
      'assets/settings-page-1.js',
      'assets/settings-en-1.js',
    ]);
  });
});
