import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS, validationRules } from './limits';

// A recursive schema lets the tests reach any depth and cost, which the portal's own schema
// (shallow by design) cannot.
const schema = buildSchema(`
  type Node { id: ID!, child: Node, children: [Node!]! }
  type Query { node: Node }
`);

/** Armor's rules throw on rejection; either way, the messages of what was refused. */
function errorsOf(query: string, production = false): string[] {
  try {
    return validate(schema, parse(query), [...specifiedRules, ...validationRules(production)]).map(
      (e) => e.message,
    );
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
}

function nested(depth: number): string {
  let inner = 'id';
  for (let i = 0; i < depth - 1; i += 1) inner = `child { ${inner} }`;
  return `{ node { ${inner} } }`;
}

describe('GraphQL Armor limits', () => {
  it(`accepts depth ${GRAPHQL_LIMITS.maxDepth} and refuses one more`, () => {
    expect(errorsOf(nested(GRAPHQL_LIMITS.maxDepth - 1))).toEqual([]);
    expect(errorsOf(nested(GRAPHQL_LIMITS.maxDepth + 1)).join(' ')).toMatch(/depth/i);
  });

  it(`refuses more than ${GRAPHQL_LIMITS.maxAliases} aliases`, () => {
    const ok = Array.from(
      { length: GRAPHQL_LIMITS.maxAliases },
      (_, i) => `a${i}: node { id }`,
    ).join(' ');
    const tooMany = Array.from(
      { length: GRAPHQL_LIMITS.maxAliases + 1 },
      (_, i) => `a${i}: node { id }`,
    ).join(' ');
    expect(errorsOf(`{ ${ok} }`)).toEqual([]);
    expect(errorsOf(`{ ${tooMany} }`).join(' ')).toMatch(/alias/i);
  });

  it(`refuses a query that costs more than ${GRAPHQL_LIMITS.maxCost}`, () => {
    // Fragments repeat work without aliases or depth: the cost rule is what stops this.
    const fragments = Array.from(
      { length: 40 },
      (_, i) => `fragment F${i} on Node { children { children { id child { id } } } }`,
    ).join(' ');
    const spreads = Array.from({ length: 40 }, (_, i) => `...F${i}`).join(' ');
    const expensive = `{ node { children { ${spreads} } } } ${fragments}`;
    expect(errorsOf(expensive).join(' ')).toMatch(/cost/i);
  });

  it('turns introspection off in production only', () => {
    expect(errorsOf('{ __schema { queryType { name } } }')).toEqual([]);
    expect(errorsOf('{ __schema { queryType { name } } }', true).join(' ')).toMatch(
      /introspection/i,
    );
  });
});
