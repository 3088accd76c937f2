// The wrapper chain of a schema (src/schema-chain.mjs): `$ref` and single-entry `allOf`, outermost first, lazily,
// bounded. The docs build reads value sets, types, defaults and limits along it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SCHEMA_CHAIN_LIMIT, schemaChainOf } from '../src/schema-chain.mjs';

const Leaf = { type: 'string', enum: ['a', 'b'] };
const document = { components: { schemas: { Leaf, Alias: { $ref: '#/components/schemas/Leaf' }, Broken: { $ref: '#/components/schemas/Missing' } } } };

describe('schemaChainOf', () => {
  it('yields the schema, then what each $ref and single allOf stands for, outermost first', () => {
    const outer = { default: 'b', allOf: [{ $ref: '#/components/schemas/Alias' }] };
    const chain = [...schemaChainOf(document, outer)];
    expect(chain).toEqual([outer, outer.allOf[0], Leaf]);
    expect(chain[2]).toBe(Leaf); // the $ref chain Alias → Leaf is one step: the node it ends at
  });
  it('stops at a node that is no wrapper: an allOf of two is a composition, not a wrapper', () => {
    const both = { allOf: [{ $ref: '#/components/schemas/Leaf' }, { description: 'more' }] };
    expect([...schemaChainOf(document, both)]).toEqual([both]);
    expect([...schemaChainOf(document, undefined)]).toEqual([]);
  });
  it('resolves only as far as the reader reads', () => {
    const wrapped = { description: 'outer', allOf: [{ $ref: '#/components/schemas/Broken' }] };
    const [first] = schemaChainOf(document, wrapped);
    expect(first).toBe(wrapped);
    expect(() => [...schemaChainOf(document, wrapped)]).toThrow(/unresolved \$ref #\/components\/schemas\/Missing/);
  });
  it('ends at a node that leads back to itself', () => {
    const loop: { allOf: object[] } = { allOf: [] };
    loop.allOf.push(loop);
    expect([...schemaChainOf(document, loop)]).toEqual([loop]);
  });
  it(`yields every wrapper down to the schema inside, ${SCHEMA_CHAIN_LIMIT} nodes at the most (generated nestings)`, () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 14 }), (viaRef) => {
        // Wrap Leaf from the inside out: each wrapper a component $ref (true) or a single allOf (false).
        const schemas: Record<string, object> = { Leaf };
        let node: object = Leaf;
        const expected: object[] = [Leaf];
        viaRef.forEach((ref, i) => {
          schemas[`W${i}`] = node;
          node = ref ? { $ref: `#/components/schemas/W${i}` } : { allOf: [node] };
          expected.unshift(node);
        });
        const chain = [...schemaChainOf({ components: { schemas } }, node)];
        // A $ref wrapper yields the node its whole chain ends at: consecutive $refs collapse into one step.
        const steps = expected.filter((n, i) => i === 0 || !('$ref' in (expected[i - 1] as object) && '$ref' in n));
        expect(chain).toEqual(steps.slice(0, SCHEMA_CHAIN_LIMIT));
      }),
      { seed: 20261202, numRuns: 300 },
    );
  });
});
