// Proof by mutation: random breaking mutations of every rule, applied to the real bundle at random depth inside
// shared components (found by the test's own walker, test/support/reach.ts, not the gate's), must each fail the gate
// with a breaking change under that rule, at that component; random additive mutations must pass. Then every shared
// request value set, one member removed: the gate names the value set and exactly the operations that send it.
// MUTATION_SEED picks another seed (fast-check prints the seed and path of a failure); MUTATION_RUNS the runs.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffAsyncApi, diffSpecs } from '../src/breaking.mjs';
import { HEAD_BUNDLE, ROOT } from '../src/releases.mjs';
import { reachOf, replaceAt, resolve, type Direction, type Site } from './support/reach.js';

type Node = any;
type Change = { rule: string; breaking: boolean; message: string; operations: string[]; component?: string };
const seed = Number(process.env.MUTATION_SEED ?? 28);
const runs = Number(process.env.MUTATION_RUNS ?? 300);
const real: Node = JSON.parse(readFileSync(HEAD_BUNDLE, 'utf8'));
const { sites, reach } = reachOf(real);

const types = (n: Node): string[] => (n.type === undefined ? [] : [n.type].flat());
const isString = (n: Node) => types(n).includes('string') && !n.enum && !n.const;
const isNumber = (n: Node) => types(n).some((t) => t === 'number' || t === 'integer') && !n.enum && !n.const;
const other = (t: string) => (t === 'string' ? 'boolean' : 'string');

/** One kind of mutation: where it applies, what it does (without touching `node`), what the gate must say. */
type Mutation = {
  rule: string;
  dir: Direction;
  breaking: boolean;
  applies: (n: Node, site: Site) => boolean;
  apply: (n: Node, pick: number) => { node: Node; says: string };
  /** The change is made to the base instead (the released bundle had what the real one lacks: the real one removed it). */
  reversed?: boolean;
};
/** One member of a list that applies() made sure is not empty. */
const pickOf = <T>(list: T[], pick: number): T => {
  const item = list[pick % list.length];
  if (item === undefined) throw new Error('pickOf: an empty list (applies() should have refused this node)');
  return item;
};
const optionalProps = (n: Node) => Object.keys(n.properties ?? {}).filter((p) => !(n.required ?? []).includes(p));

/** A field of one type given another: the same change is narrowing in a request and a retyping in a response. */
const retyped: Pick<Mutation, 'applies' | 'apply'> = {
  applies: (n) => types(n).length === 1 && types(n)[0] !== 'null' && !n.enum && !n.const,
  // applies() admits one type only.
  apply: (n) => ({ node: { ...n, type: other(types(n)[0]!) }, says: other(types(n)[0]!) }),
};

const MUTATIONS: Record<string, Mutation> = {
  'request: enum member removed': {
    rule: 'request-enum-removed',
    dir: 'request',
    breaking: true,
    applies: (n) => Array.isArray(n.enum) && n.enum.length > 1,
    apply: (n, pick) => {
      const gone = pickOf(n.enum, pick);
      return { node: { ...n, enum: n.enum.filter((v: unknown) => v !== gone) }, says: JSON.stringify(gone) };
    },
  },
  'request: field made required': {
    rule: 'request-field-required',
    dir: 'request',
    breaking: true,
    applies: (n) => optionalProps(n).length > 0,
    apply: (n, pick) => {
      const name = pickOf(optionalProps(n), pick);
      return { node: { ...n, required: [...(n.required ?? []), name] }, says: `\`${name}\`` };
    },
  },
  'request: pattern added': {
    rule: 'request-range-narrowed',
    dir: 'request',
    breaking: true,
    applies: (n) => isString(n) && !n.pattern,
    apply: (n) => ({ node: { ...n, pattern: '^[A-Z]{3}$' }, says: 'pattern added' }),
  },
  'request: format added': {
    rule: 'request-range-narrowed',
    dir: 'request',
    breaking: true,
    applies: (n) => isString(n) && !n.format,
    apply: (n) => ({ node: { ...n, format: 'uuid' }, says: 'format added' }),
  },
  'request: length tightened': {
    rule: 'request-range-narrowed',
    dir: 'request',
    breaking: true,
    applies: (n) => isString(n),
    apply: (n) => ({ node: { ...n, maxLength: Math.max(0, (n.maxLength ?? 10) - 1) }, says: 'maxLength' }),
  },
  'request: range tightened': {
    rule: 'request-range-narrowed',
    dir: 'request',
    breaking: true,
    applies: (n) => isNumber(n),
    apply: (n, pick) =>
      pick % 2 ? { node: { ...n, maximum: (n.maximum ?? 1000) - 1 }, says: 'maximum' } : { node: { ...n, minimum: (n.minimum ?? -1000) + 1 }, says: 'minimum' },
  },
  'request: type changed': { rule: 'request-type-narrowed', dir: 'request', breaking: true, ...retyped },
  // No request field of the real bundle accepts null: the released bundle is made to, and the real one is the head.
  'request: null no longer accepted': {
    rule: 'request-type-narrowed',
    dir: 'request',
    breaking: true,
    reversed: true,
    applies: (n, site) => types(n).length > 0 && !types(n).includes('null') && !n.allOf && !site.merged,
    apply: (n) => ({ node: { ...n, type: [...types(n), 'null'] }, says: 'no longer accepts null' }),
  },
  'response: field removed': {
    // (not in a merged member: a sibling may declare the same field, which then stays)
    rule: 'response-field-removed',
    dir: 'response',
    breaking: true,
    applies: (n, site) => !site.merged && Object.keys(n.properties ?? {}).length > 0,
    apply: (n, pick) => {
      const name = pickOf(Object.keys(n.properties), pick);
      const { [name]: _gone, ...properties } = n.properties;
      return { node: { ...n, properties, ...(n.required ? { required: n.required.filter((r: string) => r !== name) } : {}) }, says: name };
    },
  },
  'response: required field made optional': {
    rule: 'response-field-optional',
    dir: 'response',
    breaking: true,
    // (a merged member's required list adds to its siblings': the envelope may still require the field)
    applies: (n, site) => !site.merged && (n.required ?? []).some((r: string) => n.properties?.[r]),
    apply: (n, pick) => {
      const name = pickOf(
        n.required.filter((r: string) => n.properties?.[r]),
        pick,
      );
      return { node: { ...n, required: n.required.filter((r: string) => r !== name) }, says: `\`${name}\` is no longer required` };
    },
  },
  'response: type changed': { rule: 'response-field-retyped', dir: 'response', breaking: true, ...retyped },
  'response: null newly possible': {
    rule: 'response-field-retyped',
    dir: 'response',
    breaking: true,
    applies: (n, site) => types(n).length > 0 && !types(n).includes('null') && !n.enum && !n.const && !n.allOf && !site.merged,
    apply: (n) => ({ node: { ...n, type: [...types(n), 'null'] }, says: 'may now be null' }),
  },
  // additive: must pass
  'request: enum member added': {
    rule: 'request-enum-added',
    dir: 'request',
    breaking: false,
    applies: (n) => Array.isArray(n.enum) && n.enum.every((v: unknown) => typeof v === 'string'),
    apply: (n) => ({ node: { ...n, enum: [...n.enum, 'added-by-mutation'] }, says: 'added-by-mutation' }),
  },
  'request: optional field added': {
    rule: 'request-field-added',
    dir: 'request',
    breaking: false,
    applies: (n) => n.properties && n.additionalProperties !== false,
    apply: (n) => ({ node: { ...n, properties: { ...n.properties, added_by_mutation: { type: 'string' } } }, says: 'added_by_mutation' }),
  },
  'request: null newly accepted': {
    rule: 'request-type-narrowed',
    dir: 'request',
    breaking: false,
    applies: (n) => types(n).length > 0 && !types(n).includes('null'),
    apply: (n) => ({ node: { ...n, type: [...types(n), 'null'] }, says: '' }),
  },
  'request: bound removed': {
    rule: 'request-loosened',
    dir: 'request',
    breaking: false,
    applies: (n) => ['maximum', 'minimum', 'maxLength', 'pattern'].some((k) => n[k] !== undefined),
    apply: (n) => {
      const { maximum: _a, minimum: _b, maxLength: _c, pattern: _d, ...rest } = n;
      return { node: rest, says: '' };
    },
  },
  'response: field added': {
    rule: 'response-field-added',
    dir: 'response',
    breaking: false,
    applies: (n) => Boolean(n.properties),
    apply: (n) => ({ node: { ...n, properties: { ...n.properties, added_by_mutation: { type: 'number' } } }, says: 'added_by_mutation' }),
  },
  'response: field made required': {
    rule: 'response-field-added',
    dir: 'response',
    breaking: false,
    applies: (n) => optionalProps(n).length > 0,
    apply: (n, pick) => ({ node: { ...n, required: [...(n.required ?? []), pickOf(optionalProps(n), pick)] }, says: '' }),
  },
  'response: enum member added': {
    rule: 'response-enum-added',
    dir: 'response',
    breaking: false,
    applies: (n) => Array.isArray(n.enum) && n.enum.every((v: unknown) => typeof v === 'string'),
    apply: (n) => ({ node: { ...n, enum: [...n.enum, 'added-by-mutation'] }, says: 'added-by-mutation' }),
  },
  'response: description changed': {
    rule: '',
    dir: 'response',
    breaking: false,
    applies: () => true,
    apply: (n) => ({ node: { ...n, description: 'changed by mutation' }, says: '' }),
  },
};
const mutationNamed = (name: string): Mutation => {
  const mutation = MUTATIONS[name];
  if (!mutation) throw new Error(`no mutation named ${name}`);
  return mutation;
};

/** Sites reached only in the mutation's direction (a site reached both ways may break the other way). */
const onlyIn = (dir: Direction) => {
  const both = new Set(sites.filter((s) => s.dir !== dir).map((s) => s.pointer));
  return sites.filter((s) => s.dir === dir && !both.has(s.pointer));
};
const candidates = (names: string[], pool: (dir: Direction) => Site[]) =>
  names.flatMap((name) =>
    pool(mutationNamed(name).dir)
      .filter((s) => mutationNamed(name).applies(resolve(real, s.pointer), s))
      .map((site) => ({ name, site })),
  );
const breakingNames = Object.keys(MUTATIONS).filter((n) => mutationNamed(n).breaking);
const additiveNames = Object.keys(MUTATIONS).filter((n) => !mutationNamed(n).breaking);
// Breaking mutations anywhere the direction reaches (also where the other direction reaches too: a request break
// stays a break); additive ones only where nothing reaches the other way.
const breakingCandidates = candidates(breakingNames, (dir) => sites.filter((s) => s.dir === dir));
const additiveCandidates = candidates(additiveNames, onlyIn);
const breakingByRule = new Map(breakingNames.map((name) => [name, breakingCandidates.filter((c) => c.name === name)]));

/** The base and head documents of one mutation: the real bundle and its mutated copy (or the other way round). */
function mutate(name: string, site: Site, pick: number) {
  let says = '';
  const mutated = replaceAt(real, site.pointer, (node) => {
    const out = mutationNamed(name).apply(node, pick);
    says = out.says;
    return out.node;
  });
  return mutationNamed(name).reversed ? { base: mutated, head: real, says } : { base: real, head: mutated, says };
}

describe(`proof by mutation on the real bundle (seed ${seed}, ${runs} breaking + ${Math.round(runs / 2)} additive runs)`, () => {
  it('has candidates for every rule, at depth', () => {
    for (const name of Object.keys(MUTATIONS))
      expect(candidates([name], mutationNamed(name).breaking ? (d) => sites.filter((s) => s.dir === d) : onlyIn).length, name).toBeGreaterThan(0);
    expect(Math.max(...breakingCandidates.map((c) => c.site.depth))).toBeGreaterThanOrEqual(5);
  });

  it('every breaking mutation fails the gate, under its rule, at the mutated component', () => {
    const caught = new Map<string, number>();
    fc.assert(
      // The rule first, then one of its sites: every rule is drawn about equally often, however few places the
      // real bundle gives it (drawing from all (rule, site) pairs let the rules with many sites crowd out the others).
      fc.property(fc.constantFrom(...breakingNames), fc.nat(), fc.nat(1000), (rule, index, pick) => {
        const own = breakingByRule.get(rule)!; // every rule has candidates ('has candidates for every rule, at depth')
        const { name, site } = own[index % own.length]!;
        const { base, head, says } = mutate(name, site, pick);
        const { breaking } = diffSpecs(base, head) as { breaking: Change[] };
        const found = breaking.find((c) => c.rule === mutationNamed(name).rule && c.component === site.unit && c.message.includes(says));
        if (!found)
          throw new Error(
            `${name} at ${site.pointer} (depth ${site.depth}): gate said ${JSON.stringify(breaking.map((c) => [c.rule, c.component, c.message]))}`,
          );
        expect(found.operations.length).toBeGreaterThan(0);
        caught.set(name, (caught.get(name) ?? 0) + 1);
      }),
      { seed, numRuns: runs },
    );
    expect([...caught.values()].reduce((a, b) => a + b, 0)).toBe(runs);
    expect(caught.size).toBe(breakingNames.length); // every rule drawn and caught
  }, 120_000);

  it('every additive mutation passes the gate', () => {
    fc.assert(
      fc.property(fc.nat(additiveCandidates.length - 1), fc.nat(1000), (index, pick) => {
        const { name, site } = additiveCandidates[index]!; // index < length (fc.nat(length - 1))
        const { base, head } = mutate(name, site, pick);
        const { breaking } = diffSpecs(base, head) as { breaking: Change[] };
        if (breaking.length) throw new Error(`${name} at ${site.pointer}: gate said ${JSON.stringify(breaking.map((c) => [c.rule, c.message]))}`);
      }),
      { seed: seed + 1, numRuns: Math.round(runs / 2) },
    );
  }, 120_000);
});

describe('removing one member of any shared request value set fails the gate, naming the value set and the operations', () => {
  const valueSets = sites.filter((s) => s.dir === 'request' && Array.isArray(resolve(real, s.pointer).enum) && resolve(real, s.pointer).enum.length > 1);
  it(`covers every one of them (${valueSets.length})`, () => {
    expect(valueSets.length).toBeGreaterThan(20);
    for (const site of valueSets) {
      const values: unknown[] = resolve(real, site.pointer).enum;
      const head = replaceAt(real, site.pointer, (n) => ({ ...n, enum: values.slice(0, -1) }));
      const { breaking } = diffSpecs(real, head) as { breaking: Change[] };
      const found = breaking.filter((c) => c.rule === 'request-enum-removed' && c.component === site.unit);
      expect(found, site.pointer).toHaveLength(1);
      expect(found[0]?.message, site.pointer).toContain(`no longer accepts ${'`'}${JSON.stringify(values.at(-1))}${'`'}`);
      expect(found[0]?.message.startsWith(site.unit.split('/').pop()!), site.pointer).toBe(true);
      expect(found[0]?.operations, site.pointer).toEqual([...reach.get(site.unit)!.request].sort());
    }
  }, 120_000);
});

describe('streams: every channel parameter value set and every shared value set a client sends', () => {
  const doc: Node = JSON.parse(readFileSync(join(ROOT, 'spec/dist/asyncapi.json'), 'utf8'));
  it('one member removed fails the gate at that parameter or schema', () => {
    const targets = [
      ...Object.keys(doc.components.parameters)
        .filter((p) => doc.components.parameters[p].enum?.length > 1)
        .map((p) => `#/components/parameters/${p}`),
    ];
    expect(targets.length).toBeGreaterThan(3);
    for (const pointer of targets) {
      const values: unknown[] = resolve(doc, pointer).enum;
      const head = replaceAt(doc, pointer, (n) => ({ ...n, enum: values.slice(1) }));
      const { breaking } = diffAsyncApi(doc, head) as { breaking: Change[] };
      expect(
        breaking.map((c) => [c.rule, c.component]),
        pointer,
      ).toEqual([['request-enum-removed', pointer]]);
      expect(breaking[0]?.operations.length, pointer).toBeGreaterThan(0);
    }
  });
});
