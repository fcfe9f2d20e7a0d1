// ESLint rule: API modules (apps/api/src/modules/<m>/) never depend on each other in a cycle.
// import/no-cycle sees cycles between files; this one sees them between modules
// (wallet.service → refunds.repository and refunds.service → wallet.service is a cycle of
// modules with no cycle of files). An import from module A into module B is reported when B
// already reaches A through other modules' imports; tests are left out of the graph.
import fs from 'node:fs';
import path from 'node:path';

const IMPORT_RE = /(?:from\s+|import\s*\(\s*)['"]\.\.\/([a-z0-9-]+)\//g;

/** module → modules it imports (non-test .ts files), read once per modules folder */
const graphs = new Map();

function moduleGraph(modulesDir) {
  let graph = graphs.get(modulesDir);
  if (graph) return graph;
  graph = new Map();
  for (const entry of fs.readdirSync(modulesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const deps = new Set();
    const dir = path.join(modulesDir, entry.name);
    for (const file of fs.readdirSync(dir, { recursive: true })) {
      const name = String(file);
      if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) continue;
      const text = fs.readFileSync(path.join(dir, name), 'utf8');
      for (const m of text.matchAll(IMPORT_RE)) if (m[1] !== entry.name) deps.add(m[1]);
    }
    graph.set(entry.name, deps);
  }
  graphs.set(modulesDir, graph);
  return graph;
}

/** the module path from `from` to `to`, or null */
function pathBetween(graph, from, to) {
  const seen = new Set([from]);
  const queue = [[from]];
  while (queue.length) {
    const route = queue.shift();
    for (const next of graph.get(route.at(-1)) ?? []) {
      if (next === to) return [...route, next];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...route, next]);
      }
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'API modules never import each other in a cycle' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const m = /^(.*[\\/]apps[\\/]api[\\/]src[\\/]modules)[\\/]([a-z0-9-]+)[\\/]/.exec(file);
    if (!m || /\.test\.tsx?$/.test(file)) return {};
    const [, modulesDir, own] = m;
    const check = (node, source) => {
      const target = /^\.\.\/([a-z0-9-]+)\//.exec(source)?.[1];
      if (!target || target === own) return;
      const back = pathBetween(moduleGraph(modulesDir), target, own);
      if (back)
        context.report({
          node,
          message: `Module cycle: ${own} → ${back.join(' → ')}. Reach the other module through one direction only (move the shared piece, or pass it in).`,
        });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
    };
  },
};
