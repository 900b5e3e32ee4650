// The production build of the server: one ES module, apps/server/dist/server.js, run by plain Node
// (no TypeScript loader at run time). The workspace's own TypeScript (src, @gridfront/contracts) is
// bundled; every npm package stays an import from node_modules, so native and WebAssembly parts
// (argon2, PGlite) load from where they were installed. The seed generator becomes a chunk beside
// it, loaded only when an empty database is seeded.
import { defineConfig } from 'rolldown';

/** A bare specifier of an npm package, not a path and not one of the workspace's packages. */
function isNpmPackage(id: string): boolean {
  return !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !id.startsWith('@gridfront/');
}

export default defineConfig({
  input: { server: 'src/server.ts' },
  platform: 'node',
  external: (id) => id.startsWith('node:') || isNpmPackage(id),
  output: {
    dir: 'dist',
    format: 'esm',
    sourcemap: true,
    // Readable stack traces in production logs matter more than a few kilobytes here.
    minify: false,
    // Chunks beside server.js, so import.meta.url means the same folder in each.
    chunkFileNames: '[name]-[hash].js',
  },
});
