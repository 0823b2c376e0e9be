import { z } from 'zod';
import { Actor } from './roles.js';
import { DashboardStats, RecentActivity } from './dashboard.js';
import { OrganizationChoices, OrganizationLookup, User } from './identity.js';
import { ServicePing } from './health.js';

/** One request/answer exchange with a service over Redis. */
export interface RpcContract<
  TRequest extends z.ZodType = z.ZodType,
  TAnswer extends z.ZodType = z.ZodType,
> {
  service: string;
  pattern: string;
  request: TRequest;
  answer: TAnswer;
}

function rpc<TRequest extends z.ZodType, TAnswer extends z.ZodType>(
  service: string,
  pattern: string,
  request: TRequest,
  answer: TAnswer,
): RpcContract<TRequest, TAnswer> {
  return { service, pattern: `${service}.${pattern}`, request, answer };
}

export const ActorOnly = z.object({ actor: Actor });

const ClientContext = z.object({ ip: z.string(), userAgent: z.string().max(512) });

export const SessionView = z.object({
  sessionId: z.string(),
  actor: Actor,
  persistent: z.boolean(),
  expiresAt: z.string(),
});
export type SessionView = z.infer<typeof SessionView>;

export const identityRpc = {
  ping: rpc('identity', 'ping', z.object({}), ServicePing),
  login: rpc(
    'identity',
    'auth.login',
    z.object({
      email: z.string(),
      password: z.string(),
      rememberMe: z.boolean(),
      client: ClientContext,
    }),
    z.object({ token: z.string(), session: SessionView, user: User }),
  ),
  logout: rpc(
    'identity',
    'auth.logout',
    z.object({ token: z.string() }),
    z.object({ ended: z.boolean() }),
  ),
  resolveSession: rpc(
    'identity',
    'auth.session',
    z.object({ token: z.string() }),
    z.object({ session: SessionView.nullable() }),
  ),
  organizationByDomain: rpc(
    'identity',
    'organizations.byDomain',
    z.object({ domain: z.string() }),
    OrganizationLookup,
  ),
  organizationChoices: rpc('identity', 'organizations.choices', ActorOnly, OrganizationChoices),
  currentUser: rpc('identity', 'users.current', ActorOnly, User),
  dashboardStats: rpc('identity', 'stats.dashboard', ActorOnly, DashboardStats),
  recentActivity: rpc(
    'identity',
    'activity.recent',
    z.object({ actor: Actor, limit: z.number().int().min(1).max(50) }),
    RecentActivity,
  ),
} as const;

export type RpcRequest<C extends RpcContract> = z.infer<C['request']>;
export type RpcAnswer<C extends RpcContract> = z.infer<C['answer']>;
