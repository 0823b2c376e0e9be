import {
  ForbiddenException,
  type HttpException,
  InternalServerErrorException,
  UnauthorizedException,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, type Role, type RouteContract, type SessionView } from '@hub/proto';
import type { SessionCache } from './session-cache.js';
import { ROUTE_CONTRACT } from '../http/endpoint.decorator.js';
import type { BrowserHints } from '../http/request-context.js';
import { RouteGuard } from './route.guard.js';
import { bodyOfHttpException } from '../http/error.filter.js';
import type { ApiTokenAuthenticator } from '../api-tokens/api-token-authenticator.js';

const adminsOnly = defineRoute({
  method: 'POST',
  path: '/api/admin/thing',
  summary: 'test route',
  tag: 'test',
  access: ['super_admin'],
  body: z.object({ name: z.string().min(1, 'Name is required') }),
  response: z.object({}),
});

function sessionOf(role: Role): SessionView {
  return {
    sessionId: 's',
    persistent: false,
    expiresAt: new Date().toISOString(),
    actor: { userId: 7, organizationId: 3, role },
  };
}

function guardFor(route: RouteContract | undefined, session: SessionView | null) {
  const handler = () => undefined;
  if (route) Reflect.defineMetadata(ROUTE_CONTRACT, route, handler);
  const resolved: [string, BrowserHints | undefined][] = [];
  const resolve = async (token: string, browser?: BrowserHints) => {
    resolved.push([token, browser]);
    return session;
  };
  const sessions = { resolve } as unknown as SessionCache;
  const headers: Record<string, string> = {};
  const request: Record<string, unknown> = {
    cookies: { hub_session: 'token' },
    headers,
    body: { name: 'x' },
  };
  const context = {
    getHandler: () => handler,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  const apiTokens = {} as ApiTokenAuthenticator; // no bearer header here: never asked
  const guard = new RouteGuard(new Reflector(), sessions, apiTokens);
  return { guard, context, request, headers, resolved };
}

describe('RouteGuard', () => {
  it('refuses a route that declares no access rule', async () => {
    const { guard, context } = guardFor(undefined, sessionOf('super_admin'));
    await expect(guard.canActivate(context)).rejects.toBeInstanceOf(InternalServerErrorException);
  });

  it('refuses every role the route does not name', async () => {
    for (const role of ['admin', 'training_supervisor', 'manager', 'operator'] as const) {
      const { guard, context } = guardFor(adminsOnly, sessionOf(role));
      await expect(guard.canActivate(context)).rejects.toBeInstanceOf(ForbiddenException);
    }
  });

  it('admits the named role and attaches the actor from the session', async () => {
    const { guard, context, request } = guardFor(adminsOnly, sessionOf('super_admin'));
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(request.actor).toEqual({ userId: 7, organizationId: 3, role: 'super_admin' });
  });

  it("resolves the session with the browser's language, cut to what identity takes", async () => {
    const { guard, context, headers, resolved } = guardFor(adminsOnly, sessionOf('super_admin'));
    headers['accept-language'] = `fr-FR,fr;q=0.9,${'x'.repeat(600)}`;
    await guard.canActivate(context);
    expect(resolved).toEqual([
      ['token', { acceptLanguage: headers['accept-language'].slice(0, 512), timeZone: undefined }],
    ]);
    // A client that sends none leaves the language known alone.
    const silent = guardFor(adminsOnly, sessionOf('super_admin'));
    await silent.guard.canActivate(silent.context);
    expect(silent.resolved).toEqual([
      ['token', { acceptLanguage: undefined, timeZone: undefined }],
    ]);
  });

  it("resolves the session with the device's time zone, left out when no zone is that long", async () => {
    const { guard, context, headers, resolved } = guardFor(adminsOnly, sessionOf('super_admin'));
    headers['x-time-zone'] = ' America/Los_Angeles ';
    await guard.canActivate(context);
    expect(resolved[0]?.[1]?.timeZone).toBe('America/Los_Angeles');
    // Cut, it could name another zone; whole, identity would refuse the call it comes with.
    const long = guardFor(adminsOnly, sessionOf('super_admin'));
    long.headers['x-time-zone'] = `America/${'x'.repeat(60)}`;
    await long.guard.canActivate(long.context);
    expect(long.resolved[0]?.[1]?.timeZone).toBeUndefined();
  });

  it('refuses a token with no live session', async () => {
    const { guard, context } = guardFor(adminsOnly, null);
    await expect(guard.canActivate(context)).rejects.toBeInstanceOf(UnauthorizedException);
  });

  it("validates the body with the contract's schema and message", async () => {
    const { guard, context, request } = guardFor(adminsOnly, sessionOf('super_admin'));
    request.body = { name: '' };
    await expect(guard.canActivate(context)).rejects.toMatchObject({
      response: { message: 'Name is required', field: 'name' },
    });
  });

  it('names the broken rule so a client can word it, and the error body carries it', async () => {
    const { guard, context, request } = guardFor(adminsOnly, sessionOf('super_admin'));
    request.body = { name: '' };
    const refusal = await guard.canActivate(context).catch((error: unknown) => error);
    expect(bodyOfHttpException(refusal as HttpException)).toEqual({
      message: 'Name is required',
      statusCode: 400,
      field: 'name',
      code: 'invalid_field',
      params: { rule: 'required', field: 'name', minimum: 1 },
    });
  });
});
