import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from './sessions';

/** Who is calling: the address, user agent and request id the audit and limits use. */
export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'], requestId: request.id };
}
