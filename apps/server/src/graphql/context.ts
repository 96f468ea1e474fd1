import type { AuditActor } from '../platform/audit';

/**
 * What resolvers reach through the GraphQL context: one service per area and nothing below
 * them (no database, no store), so every read and write goes through the area that owns it.
 * Each module's schema adds its own services here by declaration merging
 * (`declare module '../../graphql/context'`), so this kit, below the modules, names none of
 * them; the composition root (services.ts) must supply every one (the host's buildContext
 * takes exactly this type).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Services {}

export type AuthErrorCode = 'invalid-jwt' | 'jwtExpired';

export interface Viewer {
  userId: string;
  role: 'customer';
  /** Null for a signed-in user with no customer record (the spec's empty account, C108). */
  customerId: string | null;
}

/** Whether an access token's session still stands (not revoked, expired, or its login gone). */
export type SessionCheck = (userId: string, sessionId: string) => Promise<boolean>;

export interface GraphQLContext {
  viewer: Viewer | null;
  /** The access token's session and when the token expires (epoch ms); sockets close then. */
  session?: { id: string; expiresAt: number } | null;
  /** Why there is no viewer, when a token was sent but did not verify. */
  authError: AuthErrorCode | null;
  actor: AuditActor;
  services: Services;
  /** Present on subscription operations (Mercurius adds it). */
  pubsub?: { subscribe(topic: string): Promise<AsyncIterable<unknown>> };
}
