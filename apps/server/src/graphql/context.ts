import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../platform/audit';
import { bearerToken } from '../platform/bearer';
import { TokenError, type TokenService } from '../identity/tokens';
import type { AppointmentService } from '../modules/appointments/service';
import type { BillingService } from '../modules/billing/service';
import type { CustomerActionService } from '../modules/customers/actions-service';
import type { CustomerService } from '../modules/customers/service';
import type { FileService } from '../modules/files/service';
import type { FlagService } from '../modules/flags/service';
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
  prescriptions: PrescriptionService;
  labs: LabService;
  files: FileService;
  referrals: ReferralService;
  measurements: MeasurementService;
  billing: BillingService;
}

export type AuthErrorCode = 'invalid-jwt' | 'jwtExpired';

export interface Viewer {
  userId: string;
  role: 'customer';
  /** Null for a signed-in user with no customer record (the spec's empty account, C108). */
  customerId: string | null;
}

export interface GraphQLContext {
  viewer: Viewer | null;
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
): Promise<GraphQLContext> {
  const token = bearerToken(authorization);
  let viewer: Viewer | null = null;
  let authError: AuthErrorCode | null = null;
  if (token) {
    try {
      const claims = await tokens.verify('access', token);
      viewer = { userId: claims.sub, role: 'customer', customerId: claims.customer_id };
    } catch (error) {
      authError =
        error instanceof TokenError && error.reason === 'expired' ? 'jwtExpired' : 'invalid-jwt';
    }
  } else {
    authError = 'invalid-jwt';
  }
  return {
    viewer,
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

export function httpContext(tokens: TokenService, services: Services) {
  return (request: FastifyRequest) =>
    buildContext(tokens, services, request.headers.authorization, {
      ip: request.ip,
      requestId: request.id,
    });
}
