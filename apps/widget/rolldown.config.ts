// The widget as ONE minified script (dist/widget.js, an IIFE: no module loader, no chunks), served by
// the ML host at /ml/widget.js and embeddable on any page with one script tag.
import { defineConfig } from 'rolldown';

export default defineConfig({
  input: 'src/embed.ts',
  platform: 'browser',
  output: {
    file: 'dist/widget.js',
    format: 'iife',
    minify: true,
    codeSplitting: false,
  },
});
