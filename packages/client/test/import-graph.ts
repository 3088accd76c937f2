// The import graph of a source folder and the cycles in it, read with the TypeScript compiler API: the parser and the
// module resolution that compile the package, so every form tsc follows counts as an edge, type-only ones included
// (`import`, `import type`, `export … from`, `import('…')` in a type, a dynamic `import('…')`, `/** @import … */`).
// Only files inside the folder are nodes; a package import (`@laevitas-api/types`) leaves the graph.
import ts from 'typescript';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

/** Every source file under `dir`, recursively, declaration files left out. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !/\.d\.[mc]?ts$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The module specifiers a file names, in every form that makes tsc load the module. */
export function specifiersOf(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest);
  const found: string[] = [];
  const literal = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) found.push(node.text);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) literal(node.moduleReference.expression);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) literal(node.argument.literal);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) literal(node.arguments[0]);
    // JSDoc is attached to the node it documents; `@import` tags live there (TypeScript 5.5+).
    for (const doc of (node as { jsDoc?: ts.JSDoc[] }).jsDoc ?? []) {
      for (const tag of doc.tags ?? []) if (ts.isJSDocImportTag(tag)) literal(tag.moduleSpecifier);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** file -> the files of the same folder it imports, resolved as `options` (the package's tsconfig) resolves them. */
export function importGraph(dir: string, options: ts.CompilerOptions): Map<string, Set<string>> {
  const files = sourceFiles(dir);
  const inside = new Set(files);
  const graph = new Map<string, Set<string>>();
  const cache = ts.createModuleResolutionCache(dir, (name) => name, options);
  for (const file of files) {
    const edges = new Set<string>();
    for (const specifier of specifiersOf(file, readFileSync(file, 'utf8'))) {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys, cache).resolvedModule?.resolvedFileName;
      if (resolved && inside.has(resolved)) edges.add(resolved);
    }
    graph.set(file, edges);
  }
  return graph;
}

/**
 * The strongly connected components with a cycle in them (Tarjan), each as one concrete cycle to name: the shortest
 * path from its first file back to itself, plus the number of files the component ties together.
 */
export function cyclesOf(graph: ReadonlyMap<string, ReadonlySet<string>>): { files: number; cycle: string[] }[] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.has(file)) components.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return components.map((component) => ({ files: component.length, cycle: shortestCycle(graph, component[0]!, new Set(component)) }));
}

/** Breadth-first from `start` inside its component, back to `start`: the cycle as a path that ends where it began. */
function shortestCycle(graph: ReadonlyMap<string, ReadonlySet<string>>, start: string, component: ReadonlySet<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i]!;
    for (const next of graph.get(file) ?? []) {
      if (!component.has(next)) continue;
      if (next === start) {
        const path: string[] = [];
        for (let at = file; at !== start; at = previous.get(at)!) path.push(at);
        return [start, ...path.reverse(), start];
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start];
}

/** A cycle as a reader names it: `a.ts → b.ts → a.ts`, relative to `dir`. */
export const cycleText = (dir: string, cycle: readonly string[]): string => cycle.map((file) => relative(dir, file)).join(' → ');
