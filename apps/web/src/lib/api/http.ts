/** A failed call to one of the server's JSON endpoints, with the server's error code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errorCode?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

interface ErrorBody {
  errorCode?: unknown;
  error?: unknown;
  error_description?: unknown;
}

async function readError(response: Response): Promise<ApiError> {
  let body: ErrorBody = {};
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    // A body that is not JSON (a proxy's error page) still yields a status-based error.
  }
  const nested =
    typeof body.error === 'object' && body.error !== null
      ? (body.error as { code?: unknown; message?: unknown })
      : undefined;
  const code =
    typeof nested?.code === 'string'
      ? nested.code
      : typeof body.error === 'string'
        ? body.error
        : `http-${response.status}`;
  const message =
    typeof nested?.message === 'string'
      ? nested.message
      : typeof body.error_description === 'string'
        ? body.error_description
        : response.statusText;
  const errorCode = typeof body.errorCode === 'string' ? body.errorCode : undefined;
  return new ApiError(response.status, code, message, errorCode);
}

export interface RequestOptions {
  token?: string;
  fetch?: FetchLike;
  /** getJson's cache mode; no-store unless said (a preloaded answer needs the default). */
  cache?: RequestCache;
}

const defaultFetch: FetchLike = (input, init) => fetch(input, init);

/** POSTs JSON and returns the parsed answer; a non-2xx answer throws an ApiError. */
export async function postJson<T>(path: string, body: unknown, options: RequestOptions = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await (options.fetch ?? defaultFetch)(path, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network-error', 'Network request failed');
  }
  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** POSTs a form-encoded body (the OAuth token endpoint). */
export async function postForm<T>(
  path: string,
  fields: Record<string, string>,
  options: RequestOptions = {},
) {
  let response: Response;
  try {
    response = await (options.fetch ?? defaultFetch)(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  } catch {
    throw new ApiError(0, 'network-error', 'Network request failed');
  }
  if (!response.ok) throw await readError(response);
  return (await response.json()) as T;
}

export async function getJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await (options.fetch ?? defaultFetch)(path, {
      cache: options.cache ?? 'no-store',
      ...(options.token ? { headers: { authorization: `Bearer ${options.token}` } } : {}),
    });
  } catch {
    throw new ApiError(0, 'network-error', 'Network request failed');
  }
  if (!response.ok) throw await readError(response);
  return (await response.json()) as T;
}
