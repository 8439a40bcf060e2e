// Walks a client build's Vite manifest (<out>/.vite/manifest.json): which chunks a set of entries
// pulls in, and which files those chunks are. The publisher needs it to write each page's preload
// list; the size and bundle checks (scripts/tools/bundle-graph.mjs) build their questions on it.

/**
 * Manifest keys reachable from `keys` through static imports (and dynamic ones if asked).
 * @param {{ manifest: Record<string, { file: string, imports?: string[], dynamicImports?: string[], css?: string[] }> }} graph
 * @param {Iterable<string>} keys
 * @param {{ dynamic?: boolean, stopAt?: string[] }} [options] also through dynamic imports, but not into `stopAt`
 */
export function closure(graph, keys, { dynamic = false, stopAt = [] } = {}) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !graph.manifest[key]) return;
    seen.add(key);
    const chunk = graph.manifest[key];
    for (const dep of chunk.imports ?? []) visit(dep);
    if (dynamic) for (const dep of chunk.dynamicImports ?? []) if (!stopAt.includes(dep)) visit(dep);
  };
  for (const key of keys) visit(key);
  return seen;
}

/** The JavaScript and CSS files of the chunks `keys` name. */
export function filesOf(graph, keys) {
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    const chunk = graph.manifest[key];
    if (!chunk) continue;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
  }
  return { js: [...js], css: [...css] };
}
