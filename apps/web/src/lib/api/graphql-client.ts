import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import { graphqlHttpRequest } from './graphql-http';
import type { FetchLike } from './http';

/** A GraphQL answer with errors; `code` is the first error's `extensions.code` (spec codes). */
export class GraphqlRequestError extends Error {
  constructor(
    readonly code: string | undefined,
    message: string,
    readonly errors: readonly GraphqlErrorEntry[] = [],
  ) {
    super(message);
    this.name = 'GraphqlRequestError';
  }
}

export interface GraphqlErrorEntry {
  message: string;
  /** `fields`: field name → message key, where the input was bad. */
  extensions?: { code?: unknown; fields?: unknown };
}

interface GraphqlResponse<T> {
  data?: T | null;
  errors?: GraphqlErrorEntry[];
}

export const TOKEN_REJECTED_CODES = ['invalid-jwt', 'jwtExpired'] as const;

export interface GraphqlClientDeps {
  endpoint?: string;
  fetch?: FetchLike;
  getAccessToken: () => Promise<string>;
  /** Must be single-flight: many failed requests share one refresh. */
  refreshAccessToken: () => Promise<string>;
}

export type GraphqlDocument<TResult, TVariables> = DocumentTypeDecoration<TResult, TVariables> & {
  toString(): string;
  __meta__?: Record<string, unknown> | undefined;
};

function errorCode(entry: GraphqlErrorEntry | undefined): string | undefined {
  const code = entry?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The server did not know the id (a server older than this page): send the text instead. */
const UNKNOWN_DOCUMENT_CODES = ['PERSISTED_QUERY_REQUIRED', 'PERSISTED_QUERY_NOT_FOUND'];

export function createGraphqlClient(deps: GraphqlClientDeps) {
  const endpoint = deps.endpoint ?? '/graphql';
  const fetchImpl: FetchLike = deps.fetch ?? ((input, init) => fetch(input, init));

  async function sendOnce<T>(
    token: string,
    query: string,
    variables: unknown,
    hash: unknown,
    allowGet: boolean,
  ) {
    const { url, init } = graphqlHttpRequest(endpoint, token, query, variables, hash, {
      allowGet,
    });
    const response = await fetchImpl(url, init);
    let body: GraphqlResponse<T>;
    try {
      body = (await response.json()) as GraphqlResponse<T>;
    } catch {
      throw new GraphqlRequestError(`http-${response.status}`, response.statusText);
    }
    return { body, get: init.method === 'GET' };
  }

  async function send<T>(token: string, query: string, variables: unknown, hash: unknown) {
    const first = await sendOnce<T>(token, query, variables, hash, true);
    if (first.get && UNKNOWN_DOCUMENT_CODES.includes(errorCode(first.body.errors?.[0]) ?? '')) {
      return (await sendOnce<T>(token, query, variables, hash, false)).body;
    }
    return first.body;
  }

  function isTokenRejected(body: GraphqlResponse<unknown>): boolean {
    return (body.errors ?? []).some((entry) =>
      (TOKEN_REJECTED_CODES as readonly (string | undefined)[]).includes(errorCode(entry)),
    );
  }

  return {
    async request<TResult, TVariables>(
      document: GraphqlDocument<TResult, TVariables>,
      ...[variables]: TVariables extends Record<string, never> ? [] | [TVariables] : [TVariables]
    ): Promise<TResult> {
      const query = document.toString();
      const hash = document.__meta__?.hash;
      let body = await send<TResult>(await deps.getAccessToken(), query, variables, hash);
      if (isTokenRejected(body)) {
        body = await send<TResult>(await deps.refreshAccessToken(), query, variables, hash);
      }
      const first = body.errors?.[0];
      if (first || body.data == null) {
        throw new GraphqlRequestError(
          errorCode(first),
          first?.message ?? 'Empty response',
          body.errors ?? [],
        );
      }
      return body.data;
    },
  };
}

export type GraphqlClient = ReturnType<typeof createGraphqlClient>;
