import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { SLOWEST, SlowestFirst } from './slowest-first.sequencer.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const project = (name: string, groupOrder: number) => ({
  name,
  config: { sequence: { groupOrder }, isolate: true },
});
const integration = project('integration', 1);
const e2e = project('e2e', 2);

const spec = (path: string, of: typeof integration) =>
  ({ moduleId: `${ROOT}${path}`, project: of }) as unknown as TestSpecification;

const sequencer = (durations: Map<string, number>) =>
  new SlowestFirst({
    cache: {
      getTestSpecificationResult: (file: TestSpecification) =>
        durations.has(file.moduleId)
          ? { duration: durations.get(file.moduleId), failed: false }
          : undefined,
    },
    config: {},
  } as unknown as Vitest);

const FILES = [
  spec('e2e/library.e2e.test.ts', e2e),
  spec('e2e/pages.e2e.test.ts', e2e),
  spec('services/gateway/test/saml.int.test.ts', integration),
  spec('workers/pdf/src/pdf-worker.int.test.ts', integration),
  spec('e2e/access.e2e.test.ts', e2e),
];
const paths = (files: TestSpecification[]) => files.map((file) => file.moduleId.slice(ROOT.length));

describe('the slowest files first', () => {
  it('starts the known slow files first in their project when vitest has no durations', async () => {
    expect(paths(await sequencer(new Map()).sort(FILES))).toEqual([
      'workers/pdf/src/pdf-worker.int.test.ts',
      'services/gateway/test/saml.int.test.ts',
      'e2e/pages.e2e.test.ts',
      'e2e/access.e2e.test.ts',
      'e2e/library.e2e.test.ts',
    ]);
  });

  it("keeps vitest's own order, longest first, once it has durations of every file", async () => {
    const durations = new Map(FILES.map((file, index) => [file.moduleId, index]));
    expect(paths(await sequencer(durations).sort(FILES))).toEqual([
      'workers/pdf/src/pdf-worker.int.test.ts',
      'services/gateway/test/saml.int.test.ts',
      'e2e/access.e2e.test.ts',
      'e2e/pages.e2e.test.ts',
      'e2e/library.e2e.test.ts',
    ]);
  });

  it('names only test files that exist, each once (a renamed file would silently lose its place)', () => {
    expect(SLOWEST.filter((path) => !existsSync(`${ROOT}${path}`))).toEqual([]);
    expect(new Set(SLOWEST).size).toBe(SLOWEST.length);
  });
});
