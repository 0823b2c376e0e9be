import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where each reliability test leaves its figures (read by reliability/run.mjs). */
export const FIGURES_DIR = fileURLToPath(
  new URL('../test-artifacts/reliability/', import.meta.url),
);

/** Prints the figures of one test and keeps them as JSON beside the other test artifacts. */
export function writeFigures(name: string, figures: Record<string, unknown>): void {
  mkdirSync(FIGURES_DIR, { recursive: true });
  const body = JSON.stringify({ name, measuredAt: new Date().toISOString(), ...figures }, null, 2);
  writeFileSync(`${FIGURES_DIR}${name}.json`, `${body}\n`);
  console.log(`[reliability] ${name}: ${body}`);
}
