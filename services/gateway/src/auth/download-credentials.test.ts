import { ForbiddenException, UnauthorizedException } from '@nestjs/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Actor,
  type ApiTokenCaller,
  identityRpc,
  type RouteContract,
  type SessionView,
} from '@hub/proto';
import { RpcCallError, type RpcClient } from '@hub/kit';
import type { GuardedRequest } from '../http/request-context.js';
import { DownloadCredentials } from './download-credentials.js';

const ADMITTED: Actor = { userId: 7, organizationId: 3, role: 'admin' };
const ROUTE: Pick<RouteContract, 'access'> = { access: ['admin', 'manager'] };

/**
 * What identity answers for the request's credential now: changed by a test mid-download. A
 * session is asked of identity itself, never the guard's cache (which keeps a demotion nobody
 * announced for its lifetime).
 */
interface Identity {
  session: SessionView | null;
  caller: ApiTokenCaller | null;
  unavailable: boolean;
  asked: number;
}

function setUp(everySeconds: number, credential: 'session' | 'token') {
  const identity: Identity = {
    session: { sessionId: 's', persistent: false, expiresAt: '', actor: ADMITTED },
    caller: {
      userId: 7,
      organizationId: 3,
      role: 'admin',
      tokenId: 1,
      tokenName: 'Reports',
      readOnly: true,
    },
    unavailable: false,
    asked: 0,
  };
  const answer = <T>(value: T) => {
    identity.asked += 1;
    if (identity.unavailable) throw new RpcCallError({ kind: 'unavailable', message: 'away' });
    return value;
  };
  const rpc = {
    call: async (contract: unknown) =>
      answer(
        contract === identityRpc.resolveSession
          ? { session: identity.session }
          : { caller: identity.caller },
      ),
  } as unknown as RpcClient;
  const credentials = new DownloadCredentials(rpc, {
    CSV_CREDENTIAL_CHECK_SECONDS: everySeconds,
  });
  const request = {
    headers: credential === 'token' ? { authorization: 'Bearer hub_secret' } : {},
    sessionToken: credential === 'session' ? 'cookie-token' : undefined,
    actor: ADMITTED,
  } as unknown as GuardedRequest;
  return { credentials, request, identity };
}

/** Three parts, and whether the source was ended (its producer told to stop). */
function source() {
  const state = { ended: false };
  async function* parts() {
    try {
      yield 'a';
      yield 'b';
      yield 'c';
    } finally {
      state.ended = true;
    }
  }
  return { parts: parts(), state };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('DownloadCredentials.whileAdmitted', () => {
  it('sends every part while the credential holds', async () => {
    const { credentials, request, identity } = setUp(0, 'token');
    const sent = [];
    for await (const part of credentials.whileAdmitted(request, ROUTE, source().parts)) {
      sent.push(part);
    }
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(identity.asked).toBe(3);
  });

  it.each([
    ['token', 'caller', UnauthorizedException],
    ['session', 'session', UnauthorizedException],
  ] as const)(
    'stops before the next part once the %s is gone, and ends the source',
    async (credential, answer, refusal) => {
      const { credentials, request, identity } = setUp(0, credential);
      const { parts, state } = source();
      const download = credentials.whileAdmitted(request, ROUTE, parts);
      expect((await download.next()).value).toBe('a');
      identity[answer] = null;
      await expect(download.next()).rejects.toBeInstanceOf(refusal);
      expect(state.ended).toBe(true);
    },
  );

  it('stops once the credential names another role the route does not admit', async () => {
    const { credentials, request, identity } = setUp(0, 'session');
    const download = credentials.whileAdmitted(request, ROUTE, source().parts);
    await download.next();
    identity.session = { ...identity.session!, actor: { ...ADMITTED, role: 'operator' } };
    await expect(download.next()).rejects.toBeInstanceOf(ForbiddenException);
  });

  it('stops once the credential names another role, even one the route admits', async () => {
    // What is still to come was read for the admitted role.
    const { credentials, request, identity } = setUp(0, 'session');
    const download = credentials.whileAdmitted(request, ROUTE, source().parts);
    await download.next();
    identity.session = { ...identity.session!, actor: { ...ADMITTED, role: 'manager' } };
    await expect(download.next()).rejects.toBeInstanceOf(ForbiddenException);
  });

  it('asks at most once an interval, and goes on while identity cannot answer', async () => {
    vi.useFakeTimers();
    const { credentials, request, identity } = setUp(5, 'token');
    const download = credentials.whileAdmitted(request, ROUTE, source().parts);
    // The guard has just asked: the first parts go without asking again.
    await download.next();
    await download.next();
    expect(identity.asked).toBe(0);
    vi.advanceTimersByTime(5000);
    identity.unavailable = true;
    expect((await download.next()).value).toBe('c');
    expect(identity.asked).toBe(1);
  });
});

describe('DownloadCredentials.admission', () => {
  it("asks when told 'now' whatever the interval, when due at most once an interval", async () => {
    vi.useFakeTimers();
    const { credentials, request, identity } = setUp(60, 'session');
    const admit = credentials.admission(request, ROUTE, 2000);
    await admit();
    expect(identity.asked).toBe(0);
    await admit('now');
    await admit('now');
    expect(identity.asked).toBe(2);
    await admit();
    expect(identity.asked).toBe(2);
    vi.advanceTimersByTime(2000);
    await admit();
    expect(identity.asked).toBe(3);
  });

  it('refuses once the session ended, and asks nothing of a public route', async () => {
    const { credentials, request, identity } = setUp(60, 'session');
    identity.session = null;
    await expect(credentials.admission(request, ROUTE)('now')).rejects.toBeInstanceOf(
      UnauthorizedException,
    );
    await credentials.admission(request, { access: 'public' })('now');
    expect(identity.asked).toBe(1);
  });
});
