import type { CareSession } from '../session';

// The one way the console talks to the staff API: JSON over fetch with the staff token, every
// failure as a StaffApiError carrying the server's error code, and a 401 on a signed-in request
// ends the session (the layout then shows sign-in).

export interface ApiErrorBody {
  code?: string;
  message?: string;
  fields?: Record<string, string>;
  reason?: string;
  claim?: unknown;
}

export class StaffApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: ApiErrorBody = {},
  ) {
    super(message);
    this.name = 'StaffApiError';
  }
}

export interface StaffApi {
  get<T>(path: string, query?: Record<string, string | number | boolean | undefined>): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

function withQuery(path: string, query?: Record<string, string | number | boolean | undefined>) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export function createStaffApi(session: CareSession): StaffApi {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const token = session.get()?.accessToken;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        credentials: 'omit',
      });
    } catch {
      throw new StaffApiError(0, 'network', 'network');
    }
    if (response.status === 204) return undefined as T;
    const data: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error: ApiErrorBody = (data as { error?: ApiErrorBody } | null)?.error ?? {};
      // A staff token that no longer stands (expired, signed out elsewhere, reset) ends the
      // console's session; sign-in's own 401s (wrong password, expired challenge) do not.
      if (response.status === 401 && token) session.end('expired');
      throw new StaffApiError(
        response.status,
        error.code ?? `http-${String(response.status)}`,
        error.message ?? response.statusText,
        error,
      );
    }
    return data as T;
  }
  return {
    get: (path, query) => call('GET', withQuery(path, query)),
    send: (method, path, body) => call(method, path, body),
  };
}
