import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  Kind,
  OperationTypeNode,
  parse,
  type DocumentNode,
  type OperationDefinitionNode,
} from 'graphql';

/**
 * The web app's own operations, as codegen writes them (apps/web/src/gql/persisted-documents.json):
 * `sha256:<hex of the document text>` → the document text.
 */
export type PersistedDocuments = ReadonlyMap<string, string>;

export const defaultPersistedDocumentsFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/src/gql/persisted-documents.json',
);

export function loadPersistedDocuments(file = defaultPersistedDocumentsFile): PersistedDocuments {
  if (!existsSync(file)) return new Map();
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(parsed));
}

export function documentHash(query: string): string {
  return `sha256:${createHash('sha256').update(query).digest('hex')}`;
}

interface GraphqlBody {
  query?: unknown;
  documentId?: unknown;
  extensions?: unknown;
}

/** The id a request names its persisted operation by: documentId, or Apollo's persistedQuery hash. */
function requestedId(body: GraphqlBody): string | undefined {
  if (typeof body.documentId === 'string') return body.documentId;
  let extensions = body.extensions;
  if (typeof extensions === 'string') {
    try {
      extensions = JSON.parse(extensions) as unknown;
    } catch {
      return undefined;
    }
  }
  const hash = (extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined)
    ?.persistedQuery?.sha256Hash;
  return typeof hash === 'string' ? `sha256:${hash.replace(/^sha256:/, '')}` : undefined;
}

/**
 * Puts the persisted document into the request (by id) and says whether the operation is one
 * of the web app's own: by its id, or by the hash of the text it sent.
 */
function resolvePersisted(body: GraphqlBody, documents: PersistedDocuments): boolean {
  const id = requestedId(body);
  if (id !== undefined) {
    const query = documents.get(id);
    if (query === undefined) return false;
    body.query = query;
    return true;
  }
  return typeof body.query === 'string' && documents.has(documentHash(body.query));
}

/** A document's operations (its fragments left out). */
export function operationsIn(document: DocumentNode): OperationDefinitionNode[] {
  return document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
}

/** A document's operations by name ('' for the only one), read once per persisted text. */
type OperationKinds = ReadonlyMap<string, OperationTypeNode>;

function operationKinds(query: string): OperationKinds {
  const kinds = new Map<string, OperationTypeNode>();
  try {
    const operations = operationsIn(parse(query));
    for (const operation of operations) {
      if (operation.name) kinds.set(operation.name.value, operation.operation);
    }
    if (operations.length === 1 && operations[0]) kinds.set('', operations[0].operation);
  } catch {
    // Unparseable: no operation reads only; execution answers the syntax error on POST.
  }
  return kinds;
}

function refuse(reply: FastifyReply, status: number, code: string, message: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({ data: null, errors: [{ message, extensions: { code } }] });
}

/**
 * The data API's transport rules: GET only for persisted operations (a GET is a link anyone
 * can plant), and in production only the web app's own operations, by hash (DESIGN.md).
 */
export function persistedOperationsHook(
  app: FastifyInstance,
  { documents, production }: { documents: PersistedDocuments; production: boolean },
): void {
  // Keyed by the persisted documents' own texts: a bounded map, looked up without rehashing.
  const kindsByText = new Map<string, OperationKinds>();
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.url !== '/graphql') return;
    if (request.method === 'GET') {
      // The websocket handshake is a GET too; its Origin is checked by verifyClient.
      if (request.headers.upgrade?.toLowerCase() === 'websocket') return;
      const params = request.query as GraphqlBody & { operationName?: unknown };
      if (!resolvePersisted(params, documents)) {
        return refuse(
          reply,
          405,
          'PERSISTED_QUERY_REQUIRED',
          'GET takes only persisted operations (documentId); send other operations with POST.',
        );
      }
      // A GET is a link anyone can plant and a proxy may repeat: it never changes anything.
      const text = String(params.query);
      let kinds = kindsByText.get(text);
      if (!kinds) kindsByText.set(text, (kinds = operationKinds(text)));
      const name = typeof params.operationName === 'string' ? params.operationName : '';
      if (kinds.get(name) !== OperationTypeNode.QUERY) {
        return refuse(
          reply,
          405,
          'METHOD_NOT_ALLOWED',
          'GET runs only queries; send mutations with POST.',
        );
      }
      return;
    }
    if (request.method !== 'POST' || !production) return;
    const bodies = Array.isArray(request.body) ? request.body : [request.body];
    for (const body of bodies as GraphqlBody[]) {
      if (!body || typeof body !== 'object' || !resolvePersisted(body, documents)) {
        return refuse(
          reply,
          400,
          'PERSISTED_QUERY_NOT_FOUND',
          "This data API takes only the portal web app's own operations (persisted, by hash).",
        );
      }
    }
    return;
  });
}

/**
 * The websocket handshake's Origin must be the portal's own (ASVS 4.4.2): PUBLIC_URL's, or the
 * origin the request itself was made to (its scheme and Host, i.e. a same-origin page), so a
 * portal opened at http://127.0.0.1:3000 in development has its live updates too. A page of
 * another site sends its own origin, which is neither. Tools send none.
 */
export function allowedWebSocketOrigin(
  publicUrl: string,
  /** The handshake as ws's verifyClient sees it (secure: the socket is TLS). */
  handshake: { origin?: string | undefined; secure: boolean; req: { headers: { host?: string } } },
): boolean {
  if (!handshake.origin) return true;
  try {
    const from = new URL(handshake.origin).origin;
    if (from === new URL(publicUrl).origin) return true;
    const { host } = handshake.req.headers;
    if (!host) return false;
    return from === new URL(`${handshake.secure ? 'https' : 'http'}://${host}`).origin;
  } catch {
    return false;
  }
}
