/** The operation's own name: `query GetCustomerData { … }` → GetCustomerData. */
const OPERATION = /^\s*(query|mutation|subscription)\s+(\w+)/;

function isEmpty(variables: unknown): boolean {
  return (
    variables === undefined ||
    variables === null ||
    (typeof variables === 'object' && Object.keys(variables).length === 0)
  );
}

/**
 * How one operation goes over HTTP (issue 16). A query with no variables and a persisted hash
 * is a GET of its id (GraphQL over HTTP's persisted documents): no body to send or for the
 * server to read and parse, and nothing in the URL but the operation's name and hash. Every
 * mutation, and any operation with variables, is a POST of the text with its hash beside it:
 * variables can hold health data, and URLs end up in proxies' and browsers' logs.
 */
export function graphqlHttpRequest(
  endpoint: string,
  token: string,
  query: string,
  variables: unknown,
  hash: unknown,
  { allowGet = true }: { allowGet?: boolean } = {},
): { url: string; init: RequestInit } {
  const authorization = `Bearer ${token}`;
  const operation = OPERATION.exec(query);
  if (allowGet && typeof hash === 'string' && operation?.[1] === 'query' && isEmpty(variables)) {
    const params = new URLSearchParams({ operationName: operation[2] ?? '', documentId: hash });
    return {
      url: `${endpoint}?${params.toString()}`,
      init: { method: 'GET', headers: { authorization } },
    };
  }
  // The operation's persisted hash (codegen's persisted-documents.json): in production the
  // server takes only the web app's own operations, by this hash.
  const extensions =
    typeof hash === 'string'
      ? { persistedQuery: { version: 1, sha256Hash: hash.replace(/^sha256:/, '') } }
      : undefined;
  return {
    url: endpoint,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({
        query,
        variables: variables ?? {},
        ...(extensions ? { extensions } : {}),
      }),
    },
  };
}
