// docs/architecture.md lists every BullMQ queue in a table: the list must be proto's QUEUES,
// no more and no fewer, so a queue added in code is described where newcomers look.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUEUES } from '@hub/proto';
import { expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The first cell of each row of the table headed `| Queue |`. */
function documentedQueues(markdown: string): string[] {
  const lines = markdown.split('\n').map((line) => line.trim());
  const header = lines.findIndex((line) => /^\| Queue \|/.test(line));
  if (header === -1) return [];
  const rows: string[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(/^\|\s*`([^`]+)`/.exec(line)?.[1] ?? line);
  }
  return rows;
}

it('docs/architecture.md lists exactly the queues of proto', () => {
  const markdown = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
  expect(documentedQueues(markdown).sort()).toEqual(Object.values(QUEUES).sort());
});
