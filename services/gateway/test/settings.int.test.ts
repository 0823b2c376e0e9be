import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CURRENT_SESSION_NOT_ENDED,
  DEFAULT_PREFERENCES,
  SESSION_NOT_FOUND,
  type UserSessions,
} from '@hub/proto';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0';
const PASSWORD = 'Acme-Staff-1';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  const globex = await stack.createOrganization('Globex Plant', 'globex.test');
  for (const [email, organizationId] of [
    ['olga@acme.test', acme],
    ['omar@acme.test', acme],
    ['pia@acme.test', acme],
    ['gus@globex.test', globex],
  ] as const) {
    await stack.createUser({ email, password: PASSWORD, role: 'operator', organizationId });
  }
});

afterAll(async () => {
  await stack?.stop();
});

async function signIn(email: string, userAgent = 'hub-tests') {
  const session = new ApiSession(stack.url);
  const answer = await session.request(
    'POST',
    '/api/auth/login',
    { email, password: PASSWORD, rememberMe: false },
    { 'user-agent': userAgent },
  );
  expect(answer.status).toBe(200);
  return session;
}

async function sessionsOf(session: ApiSession) {
  const { status, body } = await session.get('/api/user/sessions');
  expect(status).toBe(200);
  return body as unknown as UserSessions;
}

describe('sessions', () => {
  it('lists only your own live sessions, the current one marked, with device and last seen', async () => {
    const laptop = await signIn('olga@acme.test', FIREFOX);
    const phone = await signIn('olga@acme.test', 'phone-agent');
    await signIn('omar@acme.test');
    const { sessions } = await sessionsOf(laptop);
    expect(sessions).toHaveLength(2);
    const current = sessions.filter((session) => session.current);
    expect(current).toHaveLength(1);
    expect(current[0]!.device).toBe(FIREFOX);
    expect(sessions.find((session) => !session.current)!.device).toBe('phone-agent');
    for (const session of sessions) {
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.signedInAt));
      expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now());
    }
    await laptop.post('/api/auth/logout');
    await phone.post('/api/auth/logout');
  });

  it('signs out another session at once, refuses the current one, and hides other people’s', async () => {
    const mine = await signIn('omar@acme.test');
    const other = await signIn('omar@acme.test', 'second-browser');
    const stranger = await signIn('gus@globex.test');
    // The other session has been resolved (and so cached) by the gateway before it ends.
    expect((await other.get('/api/user')).status).toBe(200);
    const { sessions } = await sessionsOf(mine);
    const otherId = sessions.find((session) => session.device === 'second-browser')!.id;
    const currentId = sessions.find((session) => session.current)!.id;

    const refusedSelf = await mine.delete(`/api/user/sessions/${currentId}`);
    expect(refusedSelf.status).toBe(400);
    expect(refusedSelf.body.message).toBe(CURRENT_SESSION_NOT_ENDED);

    const foreign = await stranger.delete(`/api/user/sessions/${otherId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(SESSION_NOT_FOUND);
    expect((await other.get('/api/user')).status).toBe(200);

    const ended = await mine.delete(`/api/user/sessions/${otherId}`);
    expect(ended.status).toBe(200);
    expect(ended.body.message).toBe('The session was signed out.');
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await mine.get('/api/user')).status).toBe(200);
    expect((await mine.delete(`/api/user/sessions/${otherId}`)).status).toBe(404);
    expect((await mine.delete('/api/user/sessions/not-a-uuid')).status).toBe(400);
    await stranger.post('/api/auth/logout');
  });

  it('signs out all other sessions and keeps this one', async () => {
    const mine = await signIn('gus@globex.test');
    const others = [await signIn('gus@globex.test'), await signIn('gus@globex.test')];
    const acmeUser = await signIn('olga@acme.test');
    const ended = await mine.delete('/api/user/sessions');
    expect(ended.status).toBe(200);
    expect(ended.body.message).toBe('2 other sessions were signed out.');
    for (const session of others) expect((await session.get('/api/user')).status).toBe(401);
    expect((await mine.get('/api/user')).status).toBe(200);
    expect((await acmeUser.get('/api/user')).status).toBe(200);
    expect((await sessionsOf(mine)).sessions).toHaveLength(1);
  });

  it('records when the password last changed', async () => {
    const session = await signIn('pia@acme.test');
    expect((await sessionsOf(session)).passwordChangedAt).toBeNull();
    const changed = await session.put('/api/user/password', {
      currentPassword: PASSWORD,
      newPassword: 'Another-Strong-Pass-9',
      confirmPassword: 'Another-Strong-Pass-9',
    });
    expect(changed.status).toBe(200);
    const { passwordChangedAt } = await sessionsOf(session);
    expect(Math.abs(Date.parse(passwordChangedAt!) - Date.now())).toBeLessThan(10 * 60_000);
  });

  it('needs a session', async () => {
    const anonymous = new ApiSession(stack.url);
    expect((await anonymous.get('/api/user/sessions')).status).toBe(401);
    expect((await anonymous.delete('/api/user/sessions')).status).toBe(401);
    expect((await anonymous.get('/api/user/preferences')).status).toBe(401);
  });
});

/** As read back: with the organization's default language (none set in these organizations). */
const DEFAULTS_READ = { ...DEFAULT_PREFERENCES, organizationLanguage: null };

describe('preferences', () => {
  it('answers the defaults, stores a change per user, and refuses unknown values', async () => {
    const omar = await signIn('omar@acme.test');
    const olga = await signIn('olga@acme.test');
    expect((await omar.get('/api/user/preferences')).body).toEqual(DEFAULTS_READ);
    const chosen = {
      language: 'en',
      timeZone: 'Asia/Tokyo',
      dateFormat: 'YYYY-MM-DD',
      theme: 'dark',
    };
    const saved = await omar.put('/api/user/preferences', chosen);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...chosen, organizationLanguage: null });
    expect((await omar.get('/api/user/preferences')).body).toEqual({
      ...chosen,
      organizationLanguage: null,
    });
    expect((await olga.get('/api/user/preferences')).body).toEqual(DEFAULTS_READ);

    const badZone = await omar.put('/api/user/preferences', {
      ...chosen,
      timeZone: 'Mars/Olympus',
    });
    expect(badZone.status).toBe(400);
    expect(badZone.body.message).toBe('Unknown time zone');
    const badLanguage = await omar.put('/api/user/preferences', { ...chosen, language: 'de' });
    expect(badLanguage.status).toBe(400);
    expect(badLanguage.body.message).toBe('Unknown language');
    expect((await omar.get('/api/user/preferences')).body).toEqual({
      ...chosen,
      organizationLanguage: null,
    });

    const back = await omar.put('/api/user/preferences', { ...chosen, timeZone: null });
    expect(back.body.timeZone).toBeNull();
  });
});
