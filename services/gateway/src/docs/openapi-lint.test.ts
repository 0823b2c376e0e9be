import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi.js';

const run = promisify(execFile);
const GATEWAY = resolve(import.meta.dirname, '../..');
const BIN = resolve(GATEWAY, '../../node_modules/.bin');

interface SpectralFinding {
  code: string;
  severity: number;
  path: (string | number)[];
  message: string;
}

const SPECTRAL_ERROR = 0;

/** A finding about what a caller sends (a body, a path or query parameter), not the answer. */
const onRequestSide = (finding: SpectralFinding) =>
  finding.path.includes('requestBody') || finding.path.includes('parameters');

/** Runs a linter that exits non-zero on findings; its JSON report is what counts. */
async function report(command: string, args: string[]): Promise<string> {
  try {
    return (await run(join(BIN, command), args, { maxBuffer: 256 * 1024 * 1024 })).stdout;
  } catch (error) {
    const stdout = (error as { stdout?: string }).stdout;
    if (stdout) return stdout;
    throw error;
  }
}

describe('the OpenAPI document, linted as integrators will lint it', () => {
  let folder: string;
  let document: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'hub-openapi-'));
    document = join(folder, 'openapi.json');
    await writeFile(document, JSON.stringify(buildOpenApiDocument('0.0.0-test')));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it("passes Redocly's recommended rules with no error", async () => {
    const output = await report('redocly', ['lint', document, '--format=json']);
    const problems = (
      JSON.parse(output) as { problems: { ruleId: string; severity: string; message: string }[] }
    ).problems.filter((problem) => problem.severity === 'error');
    expect(problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
  }, 120_000);

  it("passes Spectral's OWASP rules on everything a caller sends", async () => {
    const output = await report('spectral', [
      'lint',
      document,
      '--ruleset',
      join(GATEWAY, 'openapi.spectral.yaml'),
      '--format',
      'json',
      '--quiet',
    ]);
    const errors = (JSON.parse(output) as SpectralFinding[]).filter(
      (finding) => finding.severity === SPECTRAL_ERROR && onRequestSide(finding),
    );
    expect(errors.map((error) => `${error.code} at ${error.path.join('.')}`)).toEqual([]);
  }, 120_000);
});
