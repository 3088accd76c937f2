// Schema-guided mutation sites of a valid example: the places where the schema makes a precise promise (a required
// field, a declared type, a closed value set, a date or name pattern) so that breaking it must be rejected.
export type Site =
  | { kind: 'remove-required'; path: (string | number)[] }
  | { kind: 'wrong-type'; path: (string | number)[]; value: unknown }
  | { kind: 'unknown-enum'; path: (string | number)[] }
  | { kind: 'malformed-pattern'; path: (string | number)[] };

/** Shallow merge of allOf parts: enough for the object envelopes and rows of this spec. */
function flatten(schema: any): any {
  if (!schema?.allOf) return schema;
  const parts = schema.allOf.map(flatten);
  return {
    ...Object.assign({}, ...parts),
    ...schema,
    allOf: undefined,
    properties: Object.assign({}, ...parts.map((p: any) => p.properties ?? {}), schema.properties ?? {}),
    required: [...new Set([...parts.flatMap((p: any) => p.required ?? []), ...(schema.required ?? [])])],
  };
}

const typesOf = (schema: any): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

function wrongValue(types: string[]): unknown {
  if (!types.includes('string')) return 'not-a-' + (types[0] ?? 'value');
  if (!types.includes('number') && !types.includes('integer')) return 12345;
  return { unexpected: true };
}

export function collectSites(schema: any, value: unknown, path: (string | number)[] = [], out: Site[] = []): Site[] {
  const s = flatten(schema);
  if (!s || s.anyOf || s.oneOf || s.not) return out; // unions promise less than one branch: not a precise site
  const types = typesOf(s);
  if (path.length && types.length && !types.includes('null') && value !== null) out.push({ kind: 'wrong-type', path, value: wrongValue(types) });
  if (Array.isArray(s.enum) && s.enum.every((v: unknown) => typeof v === 'string')) out.push({ kind: 'unknown-enum', path });
  if (typeof value === 'string' && (s.pattern || s.format === 'date-time' || s.format === 'date')) out.push({ kind: 'malformed-pattern', path });
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const name of s.required ?? []) if (name in (value as object)) out.push({ kind: 'remove-required', path: [...path, name] });
    for (const [name, sub] of Object.entries<any>(s.properties ?? {})) {
      if (name in (value as object)) collectSites(sub, (value as any)[name], [...path, name], out);
    }
  }
  if (Array.isArray(value) && s.items) value.slice(0, 2).forEach((item, i) => collectSites(s.items, item, [...path, i], out));
  return out;
}

export function applySite(value: unknown, site: Site): unknown {
  const copy = structuredClone(value);
  const parent = site.path.slice(0, -1).reduce<any>((node, key) => node[key], copy);
  const key = site.path.at(-1)!;
  if (site.kind === 'remove-required') delete parent[key];
  else if (site.kind === 'wrong-type') parent[key] = site.value;
  else if (site.kind === 'unknown-enum') parent[key] = '__not_a_member__';
  else parent[key] = 'not valid: 2026-13-45 25:61 ~';
  return copy;
}

export const describeSite = (site: Site) => `${site.kind} at ${site.path.join('.') || '(root)'}`;
