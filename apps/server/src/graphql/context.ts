import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../platform/audit';
import { bearerToken } from '../platform/bearer';
import { TokenError, type TokenService } from '../identity/tokens';
import type { AppointmentService } from '../modules/appointments/service';
import type { BillingService } from '../modules/billing/service';
import type { BulkService } from '../modules/bulk/service';
import type { CustomerActionService } from '../modules/customers/actions-service';
import type { AccountService } from '../modules/customers/account-service';
import type { CustomerService } from '../modules/customers/service';
import type { FileService } from '../modules/files/service';
import type { FlagService } from '../modules/flags/service';
import type { FormService } from '../modules/forms/service';
import type { IdVerificationService } from '../modules/forms/id-verification';
import type { LabService } from '../modules/labs/service';
import type { MeasurementService } from '../modules/measurements/service';
import type { MessageService } from '../modules/messages/service';
import type { NotificationService } from '../modules/notifications/service';
import type { PreferenceService } from '../modules/preferences/service';
import type { PrescriptionService } from '../modules/prescriptions/service';
import type { ReferralService } from '../modules/referrals/service';
import type { SduiService } from '../modules/sdui/service';

/**
 * What resolvers reach through the GraphQL context: one service per area and nothing below
 * them (no database, no store), so every read and write goes through the area that owns it.
 */
export interface Services {
  customers: CustomerService;
  customerActions: CustomerActionService;
  flags: FlagService;
  notifications: NotificationService;
  messages: MessageService;
  sdui: SduiService;
  appointments: AppointmentService;
  preferences: PreferenceService;
  account: AccountService;
  prescriptions: PrescriptionService;
  labs: LabService;
  files: FileService;
  referrals: ReferralService;
  measurements: MeasurementService;
  billing: BillingService;
  forms: FormService;
  idVerification: IdVerificationService;
  bulk: BulkService;
}

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

/** The token decides whose data (DESIGN.md section 4): the viewer comes only from it. */
export async function buildContext(
  tokens: TokenService,
  services: Services,
  authorization: unknown,
  meta: { ip?: string; requestId?: string },
  /** Whether the token's session still stands: a revoked session's tokens end at once. */
  stillActive?: SessionCheck,
): Promise<GraphQLContext> {
  const token = bearerToken(authorization);
  let viewer: Viewer | null = null;
  let session: GraphQLContext['session'] = null;
  let authError: AuthErrorCode | null = null;
  if (token) {
    try {
      const { claims, expiresAt } = await tokens.verifyWithExpiry('access', token);
      if (!stillActive || (await stillActive(claims.sub, claims.sid))) {
        viewer = { userId: claims.sub, role: 'customer', customerId: claims.customer_id };
        session = { id: claims.sid, expiresAt };
      } else {
        authError = 'invalid-jwt';
      }
    } catch (error) {
      authError =
        error instanceof TokenError && error.reason === 'expired' ? 'jwtExpired' : 'invalid-jwt';
    }
  } else {
    authError = 'invalid-jwt';
  }
  return {
    viewer,
    session,
    authError,
    services,
    actor: {
      type: viewer ? 'customer' : 'anonymous',
      id: viewer?.customerId ?? viewer?.userId ?? null,
      ip: meta.ip,
      requestId: meta.requestId,
    },
  };
}

export function httpContext(tokens: TokenService, services: Services, stillActive?: SessionCheck) {
  return (request: FastifyRequest) =>
    buildContext(
      tokens,
      services,
      request.headers.authorization,
      { ip: request.ip, requestId: request.id },
      stillActive,
    );
}
