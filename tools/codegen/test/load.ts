// Shared loaders for the spec tests: the bundled document (what users consume) and the source tree.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { operationsOf, deref } from '@laevitas-api/spec-model';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const SPEC = join(ROOT, 'spec');

export function loadBundle(): any {
  return JSON.parse(readFileSync(join(SPEC, 'dist/openapi.json'), 'utf8'));
}

/** Every `pattern` in the bundled spec, once each. */
export function specPatterns(): string[] {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const { pattern } = node as { pattern?: unknown };
    if (typeof pattern === 'string') found.add(pattern);
    for (const value of Object.values(node)) walk(value);
  };
  walk(loadBundle());
  return [...found];
}

export function loadYaml(path: string): any {
  return YAML.parse(readFileSync(path, 'utf8'));
}

export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)]));
}

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  family: 'legacy' | 'v1';
  tags: string[];
  summary: string;
  parameters: { name: string; in: string; required: boolean; schema: any; example?: unknown; caseInsensitive: boolean }[];
  requestBody?: { required: boolean; schema: any } | undefined;
  responses: { status: number; schema: any; headers: Record<string, any> }[];
  extensions: Record<string, any>;
  security: any[];
}

export const operations = (doc: any): Operation[] => operationsOf(doc);
export const resolve$ref = (doc: any, node: any): any => deref(doc, node);
