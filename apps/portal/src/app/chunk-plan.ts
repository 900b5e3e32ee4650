// Build time only (vite.config.ts and its test; never imported by the portal): which of the
// portal's modules share a chunk, read from the finished module graph. Issue 7: every chunk is a
// request, and on a phone each one costs the browser and the server a few milliseconds of a core
// that the page's main thread is waiting for; without a plan the bundler made a chunk for every
// set of pages that shares a module, dozens of a few hundred bytes each.

/** The module graph as the bundler reports it once every module is loaded. */
export interface ModuleGraph {
  readonly ids: readonly string[];
  imports(id: string): readonly string[];
  dynamicImports(id: string): readonly string[];
}

export interface ChunkRules {
  /** The entry module (main.tsx): it stays the chunk index.html and the manifest name. */
  readonly entry: RegExp;
  /** Translations, loaded per language: each stays its own chunk (and so do its imports, below). */
  readonly texts: RegExp;
  /** Home's page: what it imports joins the entry's chunk (Home is the first view of most visits). */
  readonly home: RegExp;
  /** A page's module (its route's chunk). */
  readonly page: RegExp;
  /** Modules of the app's shell whose lazy imports are parts it draws after the first view. */
  readonly shellParts: RegExp;
  /** Libraries, which keep the chunks they are given by name (they change less often). */
  readonly library: RegExp;
  /**
   * Libraries that only some pages need (a form's, the server's client): a shared module that
   * needs one travels in a chunk named for it, so a page that needs neither loads neither.
   */
  readonly heavy: Readonly<Record<string, RegExp>>;
  /**
   * A feature's texts module (its first group names it): it registers the feature's i18next
   * namespace when it runs, and every namespace registered is loaded before a page is drawn. A
   * shared module that imports one travels in a chunk named for it, so a page that does not show
   * the feature does not load its texts.
   */
  readonly namespace: RegExp;
  /**
   * A stylesheet. A shared module that loads a lazy part with one is named for the part too: the
   * server links the stylesheets of every part a route's chunks may load.
   */
  readonly style: RegExp;
  /** A language's file of texts (the portal's or a feature's). */
  readonly locale: RegExp;
}

/**
 * Module -> chunk name: 'app', everything the entry and Home's page import statically (the first
 * view's); 'shared' (or 'shared-forms', 'shared-billing', … after the heavy libraries, the
 * features' texts and the styled lazy parts it brings), the portal's own modules that two pages or
 * more import; 'later', what the shell's later parts (toasts, dialogs,
 * AI Assist's bridge, search) need and no page does. Modules not named keep the bundler's chunks.
 */
export type ChunkPlan = ReadonlyMap<string, string>;

function closure(graph: ModuleGraph, roots: Iterable<string>): Set<string> {
  const found = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...graph.imports(id));
  }
  return found;
}

export function planChunks(graph: ModuleGraph, rules: ChunkRules): ChunkPlan {
  const entries = graph.ids.filter((id) => rules.entry.test(id));
  // i18n.ts waits at its top level for the starting language's texts; were the texts to import a
  // chunk that waits for them (their `messages` in the app chunk), neither would ever run.
  const texts = closure(
    graph,
    graph.ids.filter((id) => rules.texts.test(id)),
  );
  const home = graph.ids.filter((id) => rules.home.test(id));
  const app = new Set(
    [...closure(graph, [...entries, ...home])].filter(
      (id) => !rules.entry.test(id) && !rules.home.test(id) && !texts.has(id),
    ),
  );
  const first = [...entries, ...app];
  const partRoots = first
    .filter((id) => rules.shellParts.test(id))
    .flatMap((id) => graph.dynamicImports(id))
    .filter((id) => !rules.texts.test(id));
  const lazy = first.flatMap((id) => graph.dynamicImports(id)).filter((id) => !app.has(id));
  const pages = new Set(lazy.filter((id) => rules.page.test(id)));
  // What the first view loads lazily that is neither a page nor a part (the server's client, a
  // language's texts) keeps its own chunks: were one of its modules shared, it would import that
  // chunk, and the chunk would import it back.
  const elsewhere = closure(
    graph,
    lazy.filter((id) => !pages.has(id) && !partRoots.includes(id)),
  );
  const uses = new Map<string, number>();
  for (const page of pages) {
    for (const id of closure(graph, [page])) uses.set(id, (uses.get(id) ?? 0) + 1);
  }
  // A part is reached from many shared modules: each part's answer is worked out once.
  const styles = new Map<string, boolean>();
  const styled = (part: string) => {
    let answer = styles.get(part);
    if (answer === undefined) {
      answer = [...closure(graph, [part])].some((id) => rules.style.test(id) && !app.has(id));
      styles.set(part, answer);
    }
    return answer;
  };
  const plan = new Map<string, string>();
  for (const id of app) plan.set(id, 'app');
  const own = (id: string) => !rules.library.test(id) && !app.has(id) && !texts.has(id) && !elsewhere.has(id);
  for (const [id, count] of uses) {
    if (count < 2 || pages.has(id) || !own(id)) continue;
    const reached = [...closure(graph, [id])];
    const needs = new Set([
      ...Object.entries(rules.heavy)
        .filter(([, library]) => reached.some((module) => library.test(module)))
        .map(([name]) => name),
      ...reached.flatMap((module) => rules.namespace.exec(module)?.slice(1, 2) ?? []),
      // A lazy part with a stylesheet (the human check's widget, a panel): the server links the
      // stylesheets of the parts a route's chunks may load, so that its first view is drawn styled.
      ...reached
        .flatMap((module) => graph.dynamicImports(module))
        .filter((part) => !rules.library.test(part) && !rules.locale.test(part) && styled(part))
        .map((part) => part.replace(/^.*[\\/]/, '').replace(/\.\w+$/, '')),
    ]);
    plan.set(id, ['shared', ...needs].join('-'));
  }
  // The shell's later parts, which every route loads once it is drawn. Only what no page imports:
  // a page importing this chunk would load the parts before it is drawn. What pages import too is
  // shared (Home, which loads no page's chunk, loads that once drawn).
  for (const id of closure(graph, partRoots)) {
    if (!uses.has(id) && !app.has(id) && !texts.has(id) && !elsewhere.has(id)) plan.set(id, 'later');
  }
  return plan;
}
