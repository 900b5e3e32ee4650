import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { type ConfigEnv, defineConfig, type Plugin, type UserConfig } from 'vite';
import { type ChunkPlan, planChunks } from './src/app/chunk-plan.ts';
import { routeModules } from './src/app/route-chunks.ts';

// react-router's package exports name only its development build (warnings and checks kept);
// the production build beside it is what customers should download.
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/dist[\\/]development[\\/]index\.m?js$/, 'dist/production/index.mjs');

/**
 * The portal is written against React's API (React 19 types, react-router, react-redux,
 * react-hook-form, react-toastify), and runs on Preact 11 through preact/compat in
 * what ships: the browser's build, `npm run dev` and the server's first view (entry-server.tsx
 * renders with preact-render-to-string, so the browser hydrates Preact's own markup). Issue 7:
 * React's runtime, react-dom 63 KiB gzip of Home's 152, was more than half of the first load
 * (README, Download budget). Exact names only: `react-router` and the rest keep their own packages.
 */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/** The ES module file of a Preact entry point, as its package's exports name it for `import`. */
function preactModule(name: string): string {
  const root = resolve(createRequire(import.meta.url).resolve('preact/package.json'), '..');
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const entry = manifest.exports[name === 'preact' ? '.' : `./${name.slice('preact/'.length)}`];
  const file = typeof entry === 'string' ? entry : (entry?.import ?? entry?.default);
  if (typeof file !== 'string') throw new Error(`preact's package names no ES module for ${name}`);
  return join(root, file);
}

// `npm run dev` serves the portal with hot reload and forwards the hosts to the server on 8080,
// so the portal talks to the same origin paths in development as in production.
const serverOrigin = 'http://localhost:8080';
const proxied = ['/api', '/ml', '/pay', '/healthz', '/dev'];

/**
 * Writes dist/.vite/routes.json (path -> manifest key of the route's page module), read from the page
 * registry, for the server to preload a route's chunks with its page (issue 7, app-shell.ts). The
 * build fails when a route's module is missing from the manifest.
 */
function routeTable(): Plugin {
  const registry = resolve(import.meta.dirname, 'src/app/page-registry.ts');
  return {
    name: 'gridfront-route-table',
    apply: 'build',
    writeBundle(options) {
      const outDir = options.dir ?? resolve(import.meta.dirname, 'dist');
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
      const routes = routeModules(readFileSync(registry, 'utf8'), registry, import.meta.dirname);
      const missing = Object.entries(routes).filter(([, key]) => !(key in manifest));
      if (missing.length > 0 || Object.keys(routes).length === 0) {
        this.error(`routes.json: no chunk in the manifest for ${missing.map(([path]) => path).join(', ')}`);
      }
      writeFileSync(join(outDir, '.vite', 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
    },
  };
}

/**
 * The server's build of src/entry-server.tsx (issue 7: the visitor routes' first view rendered on the
 * server, loaded by apps/server/src/plugins/app-shell.ts): one self-contained module in dist/server,
 * no dependency resolved at run time (the server may run the build from a copy of dist). The portal's
 * own CSS-module class names come from the same file paths, so they match the browser's build.
 */
const serverBuild: UserConfig = {
  plugins: [react()],
  resolve: {
    alias: [
      // To the ES module files: Node's `require` condition would give use-sync-external-store's
      // CommonJS (required by react-redux) a second Preact, whose hooks see no
      // component rendering.
      ...preactAliases.map(({ find, replacement }) => ({ find, replacement: preactModule(replacement) })),
      { find: /^react-router$/, replacement: reactRouterProduction },
    ],
  },
  ssr: { noExternal: true, target: 'node' },
  // React, Redux Toolkit and the rest in their production builds, whatever the server's environment.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/server',
    emptyOutDir: true,
    copyPublicDir: false,
    assetsInlineLimit: (file: string) => (/\.(svg|png|jpe?g|gif|webp)$/.test(file) ? undefined : false),
    rolldownOptions: {
      // One file: the lazily loaded pages come with it, so a build replaced under a running server
      // cannot leave it importing chunks that are gone.
      output: { entryFileNames: '[name].js', codeSplitting: false },
    },
  },
};

/**
 * zod's classic schemas carry JSON Schema export (`.toJSONSchema()`, `~standard.jsonSchema`): every
 * schema type refers to its converter, so the converters (about 5 KiB gzip) came with every form,
 * though the portal only parses. In the browser's build the converters are replaced by functions of
 * the same names that throw when called (issue 7: the form routes' budget); `aggregateChecks`, which
 * the schemas' `minLength`/`maxLength`/`format` read, stays. Parsing, checks and messages are
 * untouched; the server keeps the real modules. Export names are read from the real files, so a zod
 * upgrade that adds one still builds, and one that moves what is kept fails the build.
 */
function zodWithoutJsonSchema(): Plugin {
  const module = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
  const exported = (source: string) => [
    ...[...source.matchAll(/^export (?:async )?(?:function\*?|const|let|class) (\w+)/gm)].map(
      (m) => m[1] ?? '',
    ),
    ...[...source.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) =>
      (m[1] ?? '').split(',').map(
        (part) =>
          part
            .trim()
            .split(/\s+as\s+/)
            .pop() ?? '',
      ),
    ),
  ];
  return {
    name: 'gridfront-zod-without-json-schema',
    apply: 'build',
    load(id) {
      const file = module.exec(id)?.[1];
      if (!file) return null;
      const source = readFileSync(id, 'utf8');
      // Kept: the processors module up to the end of aggregateChecks (the first export after it).
      let kept = '';
      if (file === 'json-schema-processors') {
        const start = source.indexOf('\nexport function aggregateChecks(');
        const next = start < 0 ? -1 : source.slice(start + 1).search(/^export /m);
        if (next < 0) this.error(`zod's ${file}.js: aggregateChecks not found where expected`);
        kept = source.slice(0, start + 1 + next);
      }
      const stubs = exported(source.slice(kept.length)).filter(Boolean);
      if (stubs.length === 0) this.error(`zod's ${file}.js exports nothing that could be read`);
      const unavailable =
        'function unavailable() { throw new Error("JSON Schema is not part of the portal\'s zod"); }';
      // The method factories run when a schema's `~standard` is read: they return what would throw.
      const body = stubs.map((name) =>
        name.startsWith('create')
          ? `export function ${name}() { return unavailable; }`
          : `export function ${name}() { unavailable(); }`,
      );
      return `${kept}\n${unavailable}\n${body.join('\n')}\n`;
    },
  };
}

/** Which modules share a chunk (src/app/chunk-plan.ts), read once the module graph is complete. */
let chunkPlan: ChunkPlan = new Map();
function chunkPlanPlugin(): Plugin {
  return {
    name: 'gridfront-chunk-plan',
    apply: 'build',
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      chunkPlan = planChunks(
        {
          ids: [...this.getModuleIds()],
          imports: (id) => info(id)?.importedIds ?? [],
          dynamicImports: (id) => info(id)?.dynamicallyImportedIds ?? [],
        },
        {
          entry: /src[\\/]main\.tsx$/,
          texts: /src[\\/]i18n[\\/]locales[\\/]\w+\.ts$/,
          home: /src[\\/]app[\\/]home-route\.tsx$/,
          page: /(-page|home-route)\.tsx$/,
          shellParts: /src[\\/]app[\\/](app\.tsx|load-shell-parts\.ts|layouts[\\/]site-footer\.tsx)$/,
          library: /node_modules[\\/]/,
          heavy: {
            forms: /node_modules[\\/]react-hook-form[\\/]/,
            query: /node_modules[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]/,
          },
          style: /\.css$/,
          locale: /[\\/]locales[\\/][\w-]+\.ts$/,
          namespace: /src[\\/](?:features|components)[\\/]([\w-]+)[\\/](?:[\w-]+[\\/])*texts\.ts$/,
        },
      );
    },
  };
}

/**
 * The browser's build (and `npm run dev`). The portal's unit tests (vitest's portal project, mode
 * `test`) keep React: Vitest loads the libraries' CommonJS (use-sync-external-store, which
 * react-redux requires) with Node's own require, which no alias reaches, so under
 * the aliases two runtimes would meet. What ships is tested on Preact by the end-to-end suite.
 */
const browserBuild = ({ command, mode }: ConfigEnv): UserConfig => ({
  // React Fast Refresh needs React's runtime: under Preact, `npm run dev` reloads the page on a change.
  plugins: [
    react(mode === 'test' ? {} : { refreshExclude: /./ }),
    routeTable(),
    zodWithoutJsonSchema(),
    chunkPlanPlugin(),
  ],
  resolve: {
    alias:
      mode === 'test'
        ? [
            // entry-server.tsx's renderer, for React's elements (src/test/render-to-string-react.ts).
            {
              find: /^preact-render-to-string$/,
              replacement: resolve(import.meta.dirname, 'src/test/render-to-string-react.ts'),
            },
          ]
        : command === 'build'
          ? [...preactAliases, { find: /^react-router$/, replacement: reactRouterProduction }]
          : preactAliases,
  },
  server: {
    proxy: Object.fromEntries(
      proxied.map((prefix) => [
        prefix,
        {
          target: serverOrigin,
          changeOrigin: false,
          // The hosted checkout page is a portal route: Vite serves it, with hot reload.
          bypass: (request: { url?: string }) =>
            request.url?.startsWith('/pay/checkout') ? '/index.html' : undefined,
        },
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Read by the JavaScript budget check (e2e/budget.e2e.ts): each route's chunk and its imports.
    manifest: true,
    // No modulepreload polyfill in Home's entry (issue 7): every browser the portal supports has
    // <link rel="modulepreload"> (Safari since 17); an older one loads the chunks when imported.
    // A chunk loaded later (a route, a lazy part) brings only its stylesheets ahead of itself, not a
    // <link rel="modulepreload"> for every chunk it imports (issue 7): Vite's helper appended them one
    // by one as the page hydrated, 45 on /settings, a task of 60-120 ms of a phone's main thread
    // (4x) after the first view. The browser finds those chunks in the imports it fetches; what is
    // on the page meanwhile is the server's view, so only those parts arrive a little later. The
    // entry's own imports stay listed in the shell (plugins/app-shell.ts fetches them after the
    // first paint).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    // The server's CSP allows data: URLs only for images; fonts and the rest stay hashed files.
    assetsInlineLimit: (file) => (/\.(svg|png|jpe?g|gif|webp)$/.test(file) ? undefined : false),
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        // V8's explicit compile hint (Chromium 136 and later; other engines read a comment): every
        // function of the file is compiled with it on the streaming thread, instead of on the page's
        // main thread when first called. Each chunk is loaded to run its code at once (the entry, a
        // route, a part), so little compiles in vain. Issue 7: compilation was about half of each
        // task that evaluated the first view's modules; with the hint, /accountInfo blocked 81-179 ms
        // at 4x CPU instead of 313-634, /login 41-106 instead of 128-397 (cold-load traces, README).
        postBanner: '//# allFunctionsCalledOnLoad',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // Libraries change far less often than the portal: separate chunks keep them cached
        // across releases.
        codeSplitting: {
          groups: [
            // Preact and React Router apart: the browser compiles and links each chunk in a task of
            // its own when it arrives, and the two together were one task of 6-21 ms on this machine
            // (issue 7).
            { name: 'preact', test: /node_modules[\\/]preact[\\/]/, priority: 30 },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
            // RTK Query loads with the first page that calls the server through it, not with Home
            // (issue 7): its own chunk, above 'state', which Home needs.
            {
              name: 'query',
              test: /node_modules[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]/,
              priority: 25,
              // Only RTK Query: Redux and RTK's core, which it imports, stay in 'state'.
              includeDependenciesRecursively: false,
            },
            {
              name: 'state',
              test: /node_modules[\\/](@reduxjs|react-redux|redux|redux-thunk|reselect|immer|use-sync-external-store)[\\/]/,
              priority: 20,
            },
            {
              name: 'i18n',
              test: /node_modules[\\/]i18next[\\/]/,
              priority: 20,
            },
            // The form stack in two: react-hook-form comes with a form's page; zod and the resolver
            // with its schemas, which a page may load after it is drawn (lazy-contract-form.ts).
            { name: 'forms', test: /node_modules[\\/]react-hook-form[\\/]/, priority: 20 },
            // zod's set-up (config/zod-jitless.ts) travels with zod: a chunk of 76 bytes on its own.
            {
              name: 'validation',
              test: /node_modules[\\/](@hookform|zod)[\\/]|src[\\/](config[\\/]zod-jitless|components[\\/]contract-resolver)\.ts$/,
              priority: 20,
            },
            // The chunk plan (src/app/chunk-plan.ts), below the libraries above: everything Home's
            // entry imports, one chunk not some twenty; the portal's modules that several pages
            // share, one chunk not one per set of pages; the shell's later parts, one chunk not ten.
            // Only the modules planned: the languages' texts and what they import keep their own.
            {
              name: (id: string) => chunkPlan.get(id) ?? null,
              priority: 15,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? serverBuild : browserBuild(env)));
