import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  CURRENT_SESSION_NOT_ENDED,
  DEFAULT_PREFERENCES,
  SESSION_NOT_FOUND,
  type UserPreferences,
} from '@hub/proto';
import { expectError } from './api-client.js';
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
  await session.call(api.login, {
    body: { email, password: PASSWORD, rememberMe: false },
    headers: { 'user-agent': userAgent },
  });
  return session;
}

function sessionsOf(session: ApiSession) {
  return session.call(api.userSessions);
}

/** The status the current user's route answers: 200 signed in, 401 signed out. */
async function signedIn(session: ApiSession) {
  return (await session.send(api.currentUser)).status;
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
    await laptop.call(api.logout);
    await phone.call(api.logout);
  });

  it('signs out another session at once, refuses the current one, and hides other people’s', async () => {
    const mine = await signIn('omar@acme.test');
    const other = await signIn('omar@acme.test', 'second-browser');
    const stranger = await signIn('gus@globex.test');
    // The other session has been resolved (and so cached) by the gateway before it ends.
    expect(await signedIn(other)).toBe(200);
    const { sessions } = await sessionsOf(mine);
    const otherId = sessions.find((session) => session.device === 'second-browser')!.id;
    const currentId = sessions.find((session) => session.current)!.id;

    const end = (session: ApiSession, id: string) =>
      session.call(api.endUserSession, { params: { id } });
    const refusedSelf = await expectError(end(mine, currentId), 400);
    expect(refusedSelf.message).toBe(CURRENT_SESSION_NOT_ENDED);

    const foreign = await expectError(end(stranger, otherId), 404);
    expect(foreign.message).toBe(SESSION_NOT_FOUND);
    expect(await signedIn(other)).toBe(200);

    const ended = await end(mine, otherId);
    expect(ended.message).toBe('The session was signed out.');
    expect(await signedIn(other)).toBe(401);
    expect(await signedIn(mine)).toBe(200);
    await expectError(end(mine, otherId), 404);
    await expectError(end(mine, 'not-a-uuid'), 400);
    await stranger.call(api.logout);
  });

  it('signs out all other sessions and keeps this one', async () => {
    const mine = await signIn('gus@globex.test');
    const others = [await signIn('gus@globex.test'), await signIn('gus@globex.test')];
    const acmeUser = await signIn('olga@acme.test');
    const ended = await mine.call(api.endOtherUserSessions);
    expect(ended.message).toBe('2 other sessions were signed out.');
    for (const session of others) expect(await signedIn(session)).toBe(401);
    expect(await signedIn(mine)).toBe(200);
    expect(await signedIn(acmeUser)).toBe(200);
    expect((await sessionsOf(mine)).sessions).toHaveLength(1);
  });

  it('records when the password last changed', async () => {
    const session = await signIn('pia@acme.test');
    expect((await sessionsOf(session)).passwordChangedAt).toBeNull();
    await session.call(api.changePassword, {
      body: {
        currentPassword: PASSWORD,
        newPassword: 'Another-Strong-Pass-9',
        confirmPassword: 'Another-Strong-Pass-9',
      },
    });
    const { passwordChangedAt } = await sessionsOf(session);
    expect(Math.abs(Date.parse(passwordChangedAt!) - Date.now())).toBeLessThan(10 * 60_000);
  });

  it('needs a session', async () => {
    const anonymous = new ApiSession(stack.url);
    await expectError(anonymous.call(api.userSessions), 401);
    await expectError(anonymous.call(api.endOtherUserSessions), 401);
    await expectError(anonymous.call(api.userPreferences), 401);
  });
});

/** As read back: with the organization's default language (none set in these organizations). */
const DEFAULTS_READ = { ...DEFAULT_PREFERENCES, organizationLanguage: null };

describe('preferences', () => {
  it('answers the defaults, stores a change per user, and refuses unknown values', async () => {
    const omar = await signIn('omar@acme.test');
    const olga = await signIn('olga@acme.test');
    expect(await omar.call(api.userPreferences)).toEqual(DEFAULTS_READ);
    const chosen: UserPreferences = {
      language: 'en',
      timeZone: 'Asia/Tokyo',
      dateFormat: 'YYYY-MM-DD',
      theme: 'dark',
    };
    const save = (body: unknown) => omar.call(api.updateUserPreferences, { invalidBody: body });
    const saved = await omar.call(api.updateUserPreferences, { body: chosen });
    expect(saved).toEqual({ ...chosen, organizationLanguage: null });
    expect(await omar.call(api.userPreferences)).toEqual({
      ...chosen,
      organizationLanguage: null,
    });
    expect(await olga.call(api.userPreferences)).toEqual(DEFAULTS_READ);

    const badZone = await expectError(save({ ...chosen, timeZone: 'Mars/Olympus' }), 400);
    expect(badZone.message).toBe('Unknown time zone');
    const badLanguage = await expectError(save({ ...chosen, language: 'de' }), 400);
    expect(badLanguage.message).toBe('Unknown language');
    expect(await omar.call(api.userPreferences)).toEqual({
      ...chosen,
      organizationLanguage: null,
    });

    const back = await omar.call(api.updateUserPreferences, {
      body: { ...chosen, timeZone: null },
    });
    expect(back.timeZone).toBeNull();
  });

  it('leaves a new user’s date format unchosen (their language’s order), and saves that back', async () => {
    const gus = await signIn('gus@globex.test');
    const fresh = await gus.call(api.userPreferences);
    expect(fresh.dateFormat).toBeNull();
    expect(fresh.language).toBeNull();

    const chosen: UserPreferences = {
      ...DEFAULT_PREFERENCES,
      language: 'es',
      dateFormat: 'DD/MM/YYYY',
    };
    const saved = await gus.call(api.updateUserPreferences, { body: chosen });
    expect(saved.dateFormat).toBe('DD/MM/YYYY');
    const automatic = await gus.call(api.updateUserPreferences, {
      body: { ...chosen, dateFormat: null },
    });
    expect(automatic).toEqual({ ...chosen, dateFormat: null, organizationLanguage: null });
    expect(await gus.call(api.userPreferences)).toEqual(automatic);

    const save = (body: unknown) => gus.call(api.updateUserPreferences, { invalidBody: body });
    const badFormat = await expectError(save({ ...chosen, dateFormat: 'DD.MM.YYYY' }), 400);
    expect(badFormat.message).toBe('Unknown date format');
  });
});
