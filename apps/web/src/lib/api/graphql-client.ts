import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
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

export function createGraphqlClient(deps: GraphqlClientDeps) {
  const endpoint = deps.endpoint ?? '/graphql';
  const fetchImpl: FetchLike = deps.fetch ?? ((input, init) => fetch(input, init));

  async function send<T>(token: string, query: string, variables: unknown, hash: unknown) {
    // The operation's persisted hash (codegen's persisted-documents.json): in production the
    // server takes only the web app's own operations, by this hash.
    const extensions =
      typeof hash === 'string'
        ? { persistedQuery: { version: 1, sha256Hash: hash.replace(/^sha256:/, '') } }
        : undefined;
    const response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        query,
        variables: variables ?? {},
        ...(extensions ? { extensions } : {}),
      }),
    });
    let body: GraphqlResponse<T>;
    try {
      body = (await response.json()) as GraphqlResponse<T>;
    } catch {
      throw new GraphqlRequestError(`http-${response.status}`, response.statusText);
    }
    return body;
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
