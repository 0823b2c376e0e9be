import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../services/identity/src/auth/passwords.js';
import { keepScreenshot, launchBrowser, signIn } from './browser.js';
import { type RunningStack, startStack } from './stack.js';

const ADMIN = { email: 'fay@mill.test', password: 'Mill-Floor-Admin-1!' };

let stack: RunningStack;
let browser: Browser;
let page: Page;
let organizationId: number;
let people: number[] = [];
const areas: Record<string, number> = {};

async function withSchema<T>(schema: string, run: (sql: pg.Client) => Promise<T>): Promise<T> {
  const sql = new pg.Client({
    connectionString: stack.resources.databaseUrl,
    options: `-c search_path=${schema}`,
  });
  await sql.connect();
  try {
    return await run(sql);
  } finally {
    await sql.end();
  }
}

/** A signed-in API client, as the organization admin configures the floor. */
class Api {
  cookie = '';

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const session = response.headers.get('set-cookie')?.match(/hub_session=([^;]*)/);
    if (session?.[1]) this.cookie = `hub_session=${session[1]}`;
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  }
}

/** The organization with its admin and three operators, straight into identity's tables. */
async function seedPeople() {
  await withSchema('identity', async (sql) => {
    const org = await sql.query<{ id: number }>(
      `INSERT INTO organizations (name, display_name, domain)
       VALUES ('mill-works', 'Mill Works', 'mill.test') RETURNING id`,
    );
    organizationId = org.rows[0]!.id;
    const hash = await hashPassword(ADMIN.password);
    const insert = `INSERT INTO users (email, name, role, organization_id, password_hash, is_active)
                    VALUES ($1, $2, $3, $4, $5, true) RETURNING id`;
    await sql.query(insert, [ADMIN.email, 'Fay Admin', 'admin', organizationId, hash]);
    for (const name of ['olga', 'otto', 'oona']) {
      const { rows } = await sql.query<{ id: number }>(insert, [
        `${name}@mill.test`,
        name,
        'operator',
        organizationId,
        hash,
      ]);
      people.push(rows[0]!.id);
    }
  });
}

/** What the cameras' identification records: who was seen where, a minute ago. */
async function seen(personId: number, area: string) {
  await withSchema('integration', (sql) =>
    sql.query(
      `INSERT INTO presence_events (organization_id, person_id, camera_id, area_id, seen_at, confidence)
       VALUES ($1, $2, 'cam-102', $3, now() - interval '1 minute', 0.91)`,
      [organizationId, personId, areas[area]],
    ),
  );
}

beforeAll(async () => {
  stack = await startStack();
  people = [];
  await seedPeople();
  const admin = new Api();
  await admin.call('POST', '/api/auth/login', ADMIN);
  for (const name of ['AssemblyLine', 'Packaging']) {
    const area = await admin.call('POST', '/api/floor/areas', { name });
    areas[name] = area.id as number;
  }
  for (const name of ['A1', 'A2'])
    await admin.call('POST', `/api/floor/areas/${areas.AssemblyLine}/stations`, { name });
  await admin.call('POST', `/api/floor/areas/${areas.Packaging}/stations`, {
    name: 'P1',
    status: 'Offline',
  });
  const { token } = (await admin.call('POST', '/api/floor/sensor-token')) as { token: string };
  await admin.call(
    'POST',
    '/api/floor/sensor-readings',
    { area: 'AssemblyLine', temperature: 70.5, humidity: 41, airQuality: 'good' },
    { authorization: `Bearer ${token}` },
  );
  await seen(people[0]!, 'AssemblyLine');
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const text = (testId: string) => page.getByTestId(testId).first().innerText();
const areaRow = (name: string) => page.locator(`[data-testid=area-row][data-area="${name}"]`);

describe('the floor view, as an organization admin watches it', () => {
  it('shows stations, people present, areas and the environment from real records', async () => {
    await signIn(page, stack.url, ADMIN.email, ADMIN.password);
    await page.goto(`${stack.url}/floor`);
    await page.getByText('Real-time floor status and environmental monitoring').waitFor();
    await page.getByTestId('floor-active-stations-value').waitFor();
    expect(await text('floor-active-stations-value')).toBe('2/3');
    expect(await page.getByTestId('floor-active-stations').innerText()).toContain(
      '67% operational',
    );
    expect(await text('floor-workers-present-value')).toBe('1');
    expect(await text('floor-utilization-value')).toBe('50%');
    expect(await text('floor-alerts-value')).toBe('1');
    expect(await page.getByTestId('floor-alerts').innerText()).toContain(
      'Station P1 in Packaging is offline',
    );
    expect(await areaRow('AssemblyLine').innerText()).toContain('Assembly Line');
    expect(await areaRow('AssemblyLine').getByTestId('area-workers').innerText()).toBe('1');
    expect(await areaRow('Packaging').getByTestId('area-status').innerText()).toBe('Operational');
    expect(await text('env-temperature')).toBe('70.5°F');
    expect(await text('env-humidity')).toBe('41%');
    expect(await text('env-air-quality')).toBe('Good');
    expect(await text('env-noise')).toBe('Unknown');
    await keepScreenshot(page, 'floor-view');
  });

  it('follows new presence without a reload', async () => {
    await seen(people[1]!, 'AssemblyLine');
    await seen(people[2]!, 'Packaging');
    await expect.poll(() => text('floor-workers-present-value'), { timeout: 30_000 }).toBe('3');
    expect(await areaRow('AssemblyLine').getByTestId('area-workers').innerText()).toBe('2');
    const tile = page.locator('[data-testid=map-area][data-area="Packaging"]');
    expect(await tile.getByTestId('map-workers').innerText()).toBe('1');
    await keepScreenshot(page, 'floor-view-updated');
  });
});
