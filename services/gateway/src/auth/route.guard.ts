import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  InternalServerErrorException,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { z } from 'zod';
import { ERROR_TEXTS, NOT_PERMITTED, type RouteContract } from '@hub/proto';
import { ROUTE_CONTRACT } from '../http/endpoint.decorator.js';
import { SessionCache } from './session-cache.js';
import { browserOf, type GuardedRequest, SESSION_COOKIE } from '../http/request-context.js';
import { refuseForeignOrigin, refuseOtherBodyTypes } from '../http/request-origin.js';
import { SCIM_ROUTE } from '../scim/scim-request.js';
import { validationRefusal } from '../http/validation-refusal.js';
import { ApiTokenAuthenticator } from '../api-tokens/api-token-authenticator.js';
import { bearerSecret } from '../api-tokens/bearer.js';

export const SIGN_IN_REQUIRED = ERROR_TEXTS.sign_in_required;

/**
 * Runs before every handler: a route without a contract is refused (fail closed); so is a
 * state-changing request from another site's page or with a body of another type than the
 * route reads; a route that is not public needs a live session whose role the contract
 * allows; then the params, query and body are validated and replaced by their parsed values.
 * Identity comes from the session cookie, or from an API token in `Authorization: Bearer`
 * (then the cookie is ignored), never from any other header.
 */
@Injectable()
export class RouteGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(SessionCache) private readonly sessions: SessionCache,
    @Inject(ApiTokenAuthenticator) private readonly apiTokens: ApiTokenAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const route = this.reflector.get<RouteContract | undefined>(
      ROUTE_CONTRACT,
      context.getHandler(),
    );
    // A row of proto's SCIM table: its own guard authenticates the organization's bearer token.
    if (!route && this.reflector.get(SCIM_ROUTE, context.getHandler())) return true;
    if (!route) throw new InternalServerErrorException('This route declares no access rule.');
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    const bearer = bearerSecret(request);
    if (bearer !== undefined && route.access !== 'public') {
      // A program's token, never the browser's cookie: no ambient credential to forge with.
      refuseOtherBodyTypes(request, route);
      await this.apiTokens.authorize(request, route, route.access, bearer);
      this.validate(request, route);
      return true;
    }
    refuseForeignOrigin(request, route);
    refuseOtherBodyTypes(request, route);
    request.sessionToken = request.cookies?.[SESSION_COOKIE] || undefined;
    if (route.access !== 'public') await authorize(this.sessions, request, route.access);
    this.validate(request, route);
    return true;
  }

  private validate(request: GuardedRequest, route: RouteContract): void {
    if (route.params) request.params = parse(route.params, request.params);
    if (route.query) request.query = parse(route.query, request.query ?? {});
    if (route.body) request.body = parse(route.body, request.body ?? {});
  }
}

/**
 * A live session whose role is among `roles`, from the session cookie alone: 401 without one,
 * 403 for another role. Shared by the route table's guard and the mounted apps (mounts.ts).
 * The route table's guard checks an API token instead of coming here, so a program's
 * `Accept-Language` or `X-Time-Zone` is never taken for the person's browser.
 */
export async function authorize(
  sessions: SessionCache,
  request: GuardedRequest,
  roles: readonly string[],
): Promise<void> {
  request.sessionToken = request.cookies?.[SESSION_COOKIE] || undefined;
  if (!request.sessionToken) throw new UnauthorizedException(SIGN_IN_REQUIRED);
  // The browser's language and zone ride along: someone who stays signed in for weeks and
  // switches their phone's language, or flies to another zone, is written to as it reads now.
  const session = await sessions.resolve(request.sessionToken, browserOf(request));
  if (!session) throw new UnauthorizedException(SIGN_IN_REQUIRED);
  // Kept before the role check so the audit trail names who was refused; only `actor`
  // marks a request as allowed.
  request.session = session;
  if (!roles.includes(session.actor.role)) throw new ForbiddenException(NOT_PERMITTED);
  request.actor = session.actor;
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationRefusal(result.error);
}
