import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { type Actor, DEFAULT_PREFERENCES } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import { openIdentityDatabase } from '../database.js';
import { PreferencesService } from './preferences.service.js';
import { SettingsRepository } from './settings.repository.js';

let resources: TestResources;
let db: DataSource;
let preferences: PreferencesService;
let people = 0;

beforeAll(async () => {
  resources = await claimTemplateResources(IDENTITY_TEMPLATE);
  db = await openIdentityDatabase(resources.databaseUrl);
  preferences = new PreferencesService(new SettingsRepository(db));
});

afterAll(async () => {
  await db?.destroy();
  await resources?.release();
});

/** A new organization with this default language (null: none) and one operator in it. */
async function personIn(defaultLanguage: string | null): Promise<Actor> {
  people += 1;
  const [{ id: organizationId }] = (await db.query(
    `INSERT INTO organizations (name, display_name, domain, default_language)
     VALUES ($1, $1, $2, $3) RETURNING id`,
    [`Plant ${people}`, `plant${people}.example`, defaultLanguage],
  )) as [{ id: number }];
  const [user] = (await db.query(
    `INSERT INTO users (email, name, role, organization_id) VALUES ($1, 'Person', 'operator', $2)
     RETURNING id`,
    [`browser${people}@languages.example`, organizationId],
  )) as [{ id: number }];
  return { userId: user.id, organizationId, role: 'operator' };
}

/** The row's version: changes whenever the row is written, even to the same values. */
async function rowVersion(userId: number): Promise<string | undefined> {
  const rows = (await db.query(
    `SELECT xmin::text AS version FROM user_preferences WHERE user_id = $1`,
    [userId],
  )) as { version: string }[];
  return rows[0]?.version;
}

describe("the browser's language, remembered at sign-in", () => {
  it('comes after the person’s choice and the organization’s default, before English', async () => {
    const nobody = await personIn(null);
    expect(await preferences.languageOf(nobody.userId)).toBe('en');

    await preferences.rememberBrowser(nobody.userId, 'es-MX,es;q=0.9');
    expect(await preferences.languageOf(nobody.userId)).toBe('es');
    // A request from a browser of theirs is this browser: it goes first.
    expect(await preferences.languageOf(nobody.userId, 'fr-CA')).toBe('fr');

    const inFrance = await personIn('fr');
    await preferences.rememberBrowser(inFrance.userId, 'es-MX');
    expect(await preferences.languageOf(inFrance.userId)).toBe('fr');

    await preferences.update(inFrance, { ...DEFAULT_PREFERENCES, language: 'en' });
    expect(await preferences.languageOf(inFrance.userId)).toBe('en');
  });

  it('is written only when it changes, and kept by a request that names no language', async () => {
    const person = await personIn(null);
    await preferences.rememberBrowser(person.userId, 'es-MX,es;q=0.9');
    const written = await rowVersion(person.userId);
    expect(written).toBeDefined();

    await preferences.rememberBrowser(person.userId, 'es-ES');
    await preferences.rememberBrowser(person.userId, undefined);
    await preferences.rememberBrowser(person.userId, '*');
    expect(await rowVersion(person.userId)).toBe(written);
    expect(await preferences.languageOf(person.userId)).toBe('es');

    // A browser asking only for languages the product lacks reads English, as the web app does.
    await preferences.rememberBrowser(person.userId, 'de-DE,de;q=0.9');
    expect(await preferences.languageOf(person.userId)).toBe('en');
    expect(await rowVersion(person.userId)).not.toBe(written);
  });

  it('survives saving the preferences, which do not hold it', async () => {
    const person = await personIn(null);
    await preferences.rememberBrowser(person.userId, 'fr-FR');
    await preferences.update(person, { ...DEFAULT_PREFERENCES, theme: 'dark' });
    expect(await preferences.get(person)).toMatchObject({ language: null, theme: 'dark' });
    expect(await preferences.languageOf(person.userId)).toBe('fr');
  });
});

describe("the device's time zone, remembered at sign-in", () => {
  it('is written only when it changes, and survives saving the preferences', async () => {
    const person = await personIn(null);
    await preferences.rememberTimeZone(person.userId, 'America/Los_Angeles');
    const written = await rowVersion(person.userId);
    expect(written).toBeDefined();

    await preferences.rememberTimeZone(person.userId, 'America/Los_Angeles');
    await preferences.rememberTimeZone(person.userId, 'Mars/Olympus_Mons');
    await preferences.rememberTimeZone(person.userId, undefined);
    expect(await rowVersion(person.userId)).toBe(written);

    await preferences.update(person, { ...DEFAULT_PREFERENCES, theme: 'dark' });
    const [reader] = await preferences.readersOf([person.userId]);
    expect(reader?.timeZone).toBe('America/Los_Angeles');

    // Their own choice comes first.
    await preferences.update(person, { ...DEFAULT_PREFERENCES, timeZone: 'Europe/Paris' });
    const [chosen] = await preferences.readersOf([person.userId]);
    expect(chosen?.timeZone).toBe('Europe/Paris');
  });
});
