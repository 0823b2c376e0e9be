import { readFileSync } from 'node:fs';

/**
 * The product's version, declared once: the root package.json's `version` (npm start runs the
 * checkout, the image keeps the file at /app). HUB_VERSION, set on a container or a job,
 * overrides it. The organization export's manifest and the backup's both say it.
 */
export function productVersion(env: NodeJS.ProcessEnv = process.env): string {
  return env.HUB_VERSION || declaredVersion();
}

let declared: string | undefined;

/** Read once: the file does not change while the process runs. */
function declaredVersion(): string {
  // From src/release or dist/release of packages/runtime: the repository's (or /app's) root.
  declared ??= (
    JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    }
  ).version;
  return declared;
}
