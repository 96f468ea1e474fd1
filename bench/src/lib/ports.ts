import type { FastifyInstance } from 'fastify';

/** Listens on the first free port in [from, to] on 127.0.0.1 (shared machine: 3000 is taken). */
export async function listenInRange(
  app: FastifyInstance,
  from: number,
  to: number,
): Promise<number> {
  for (let port = from; port <= to; port++) {
    try {
      await app.listen({ port, host: '127.0.0.1' });
      return port;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error(`no free port in ${from}-${to}`);
}
