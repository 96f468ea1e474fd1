import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { NoSchemaIntrospectionCustomRule, type ValidationRule } from 'graphql';

/** GraphQL Armor's limits. GetCustomerData, the largest query so far, costs 82 and is 4 deep. */
export const GRAPHQL_LIMITS = { maxDepth: 8, maxCost: 1000, maxAliases: 10 } as const;

export function validationRules(production: boolean): ValidationRule[] {
  const rules = [
    maxDepthRule({ n: GRAPHQL_LIMITS.maxDepth }),
    costLimitRule({ maxCost: GRAPHQL_LIMITS.maxCost }),
    maxAliasesRule({ n: GRAPHQL_LIMITS.maxAliases }),
  ] as unknown as ValidationRule[];
  if (production) rules.push(NoSchemaIntrospectionCustomRule);
  return rules;
}
