// Build time only (vite.config.ts and its test; never imported by the portal): which module each
// path of the page registry loads, read from page-registry.ts itself, so the server can preload a
// route's chunks with the page it serves (issue 7) without a second list to keep in step.
// The build writes the result as dist/.vite/routes.json (path -> the module's Vite manifest key);
// the server's app-shell.ts reads it with the manifest.
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The argument of the first `import('…')` inside `node`, if any. */
function firstImport(node: ts.Node): string | undefined {
  if (
    ts.isCallExpression(node) &&
    node.expression.kind === ts.SyntaxKind.ImportKeyword &&
    node.arguments[0] &&
    ts.isStringLiteralLike(node.arguments[0])
  ) {
    return node.arguments[0].text;
  }
  return ts.forEachChild(node, firstImport);
}

/**
 * Path -> module (relative to `root`, as Vite's manifest names it) for every entry of the registry's
 * object literals whose key is a path ('/login': { key, load: () => import('…') }). A `load` that
 * names a constant (`load: home`) is followed to that constant's initialiser.
 */
export function routeModules(source: string, registryFile: string, root: string): Record<string, string> {
  const file = ts.createSourceFile(registryFile, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const constants = new Map<string, ts.Expression>();
  const entries: [string, ts.Expression][] = [];
  const walk = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      constants.set(node.name.text, node.initializer);
    }
    if (
      ts.isPropertyAssignment(node) &&
      ts.isStringLiteralLike(node.name) &&
      node.name.text.startsWith('/') &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      const load = node.initializer.properties.find(
        (property): property is ts.PropertyAssignment =>
          ts.isPropertyAssignment(property) &&
          ts.isIdentifier(property.name) &&
          property.name.text === 'load',
      );
      if (load) entries.push([node.name.text, load.initializer]);
    }
    ts.forEachChild(node, walk);
  };
  walk(file);
  const table: Record<string, string> = {};
  for (const [path, load] of entries) {
    const target = ts.isIdentifier(load) ? constants.get(load.text) : load;
    const specifier = target ? firstImport(target) : undefined;
    if (!specifier) throw new Error(`${registryFile}: the page of ${path} loads no module that can be read`);
    table[path] = relative(root, resolve(dirname(registryFile), specifier))
      .split('\\')
      .join('/');
  }
  return table;
}
