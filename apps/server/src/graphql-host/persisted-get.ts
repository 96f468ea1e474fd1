import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  OperationTypeNode,
  parse,
  specifiedRules,
  validate,
  type ExecutionResult,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { MercuriusContext } from 'mercurius';
import type { GraphQLContext } from '../graphql/context';
import { operationsIn } from './persisted';
import { compileSqlPlan, type SqlPlan } from './sql-plan';

export interface PersistedGetOptions {
  /** The schema Mercurius serves (the same object). */
  schema: GraphQLSchema;
  /** Mercurius's validationRules: run once per document here, beside graphql's own rules. */
  validationRules: readonly ValidationRule[];
  /** Mercurius's context function. */
  context: (request: FastifyRequest) => Promise<GraphQLContext>;
  /** Called once the operation is done with its context (graphql/builder.ts: releaseOperationCaches). */
  release?: (context: object) => void;
  /** Mercurius's errorFormatter. */
  formatErrors: (
    execution: ExecutionResult,
    context: MercuriusContext,
  ) => { statusCode: number; response: unknown };
  /**
   * Whether a query whose fields all have SQL plans runs as one statement that builds its JSON
   * (graphql/sql-plan.ts). The app's runner does; the bench's floor route measures graphql-jit.
   */
  sqlPlans?: boolean;
}

interface Compiled {
  query: CompiledQuery;
  /** The document's one operation's name. */
  name: string | undefined;
  /** Its SQL plan, when every field it selects has one. */
  plan: SqlPlan | null;
}

/** Only these reach the runner: a persisted query's text, named or alone in its document. */
interface GetParams {
  query?: unknown;
  operationName?: unknown;
  variables?: unknown;
  extensions?: unknown;
}

/**
 * The web app's queries without variables, asked for by GET of their persisted id (issue 16:
 * GetCustomerData). Each persisted document is validated with the rules Mercurius uses and
 * compiled by graphql-jit once, on its first GET; a request then builds Mercurius's context
 * and runs the compiled query, without Mercurius's per-request route work (its context
 * merging and hook bookkeeping, its document cache lookup by text, re-reading the operation
 * to refuse mutations on GET, which persisted.ts has already done). Its answer and its errors
 * are Mercurius's: the same context, the same error formatter, the same JSON
 * (persisted-get.int.test.ts compares every such query both ways).
 *
 * With `sqlPlans`, a document whose every field has an SQL plan (sql-plan.ts; GetCustomerData)
 * is answered by its root field's one statement instead, the JSON as the database builds it;
 * when the root leaves it (no customer scope) or the statement fails, the compiled query runs.
 *
 * Everything else goes on to Mercurius: POST, variables or extensions in the URL, a document
 * that does not validate (Mercurius answers its errors), the websocket handshake. Documents are
 * keyed by their persisted text, so the cache holds at most one entry per persisted document.
 */
export function persistedGetRunner(options: PersistedGetOptions) {
  const compiled = new Map<string, Compiled | null>();

  function compiledFor(text: string): Compiled | null {
    let entry = compiled.get(text);
    if (entry !== undefined) return entry;
    entry = null;
    try {
      const document = parse(text);
      const operations = operationsIn(document);
      const errors = validate(options.schema, document, [
        ...specifiedRules,
        ...options.validationRules,
      ]);
      const [operation] = operations;
      if (
        errors.length === 0 &&
        operations.length === 1 &&
        operation?.operation === OperationTypeNode.QUERY
      ) {
        const name = operation.name?.value;
        const query = compileQuery(options.schema, document, name);
        const plan = options.sqlPlans ? compileSqlPlan(options.schema, operation, text) : null;
        if (isCompiledQuery(query)) entry = { query, name, plan };
      }
    } catch {
      // A syntax error: Mercurius answers it.
    }
    compiled.set(text, entry);
    return entry;
  }

  /** A route preHandler: answers the request, or leaves it to Mercurius's handler. */
  return async function runPersistedGet(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== 'GET' || request.headers.upgrade !== undefined) return;
    const params = request.query as GetParams;
    if (typeof params.query !== 'string') return;
    if (params.variables !== undefined || params.extensions !== undefined) return;
    const entry = compiledFor(params.query);
    if (!entry) return;
    // Its document has one operation; another name is Mercurius's to refuse.
    if (params.operationName !== undefined && params.operationName !== entry.name) return;

    // As Mercurius builds it (routes.js, then reply.graphql): the app's context, the reply and
    // the app (the error formatter logs through the reply's request).
    const context = Object.assign(await options.context(request), {
      reply,
      app: request.server,
    }) as GraphQLContext & MercuriusContext;
    if (entry.plan) {
      let json: string | null | undefined;
      try {
        json = await entry.plan.root.read(context, entry.plan.select);
      } catch (error) {
        // The resolvers answer instead, errors and all; the plan's failure is logged.
        request.log.error({ err: error }, 'the SQL plan failed; graphql-jit runs the query');
      }
      if (json !== undefined) {
        options.release?.(context);
        return reply
          .type('application/json; charset=utf-8')
          .send(`{"data":{${entry.plan.keyJson}:${json ?? 'null'}}}`);
      }
    }
    let execution: ExecutionResult;
    try {
      execution = await entry.query.query(undefined, context, {});
    } finally {
      options.release?.(context);
    }
    if (execution.errors) {
      const { statusCode, response } = options.formatErrors(execution, context);
      return reply.code(statusCode).send(response);
    }
    return reply.send(execution);
  };
}
