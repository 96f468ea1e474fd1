import type { FastifyRequest } from 'fastify';

/** JSON schemas shared by the identity routes; they also feed /openapi.json. */
export const errorBody = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
      },
      required: ['code', 'message'],
    },
    errorCode: { type: 'string' },
  },
} as const;

export const tokenPair = {
  type: 'object',
  properties: {
    idToken: { type: 'string' },
    refreshToken: { type: 'string' },
    expiresIn: { type: 'integer', description: 'Seconds until the ID token expires.' },
  },
  required: ['idToken', 'refreshToken', 'expiresIn'],
} as const;

export const ok = { type: 'object', properties: { ok: { type: 'boolean' } } } as const;
export const emailResult = { type: 'object', properties: { email: { type: 'string' } } } as const;

export function body(properties: Record<string, object>, required: string[]) {
  return { type: 'object', properties, required } as const;
}
export const str = { type: 'string', maxLength: 1000 };
export const tenantBody = body({ email: str, tenantId: str }, ['email', 'tenantId']);

export function responses(success: object, status = 200) {
  return { [status]: success, '4xx': errorBody, '5xx': errorBody };
}

/** The bearer token of a request, if any. */
export function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}
