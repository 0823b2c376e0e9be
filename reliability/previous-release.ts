import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface PreviousRelease {
  commit: string;
  /** A checkout of it, installed and built (without the web app: the tests read the API). */
  root: string;
}

export function previousReleaseCommit(): string {
  const file = join(repoRoot, 'infra/release/previous-release.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { commit: string }).commit;
}

function run(command: string, args: string[], cwd: string) {
  execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 26 });
}

/**
 * The previous release, checked out with `git worktree` beside the system's temporary files,
 * installed and built once: a finished build is marked, so a second run on the same machine
 * starts it at once. Needs the commit in this clone's history (CI clones main whole).
 */
export function preparePreviousRelease(): PreviousRelease {
  const commit = previousReleaseCommit();
  const root = join(tmpdir(), `hub-release-${commit.slice(0, 12)}`);
  const built = join(root, '.release-built');
  if (existsSync(built)) return { commit, root };
  try {
    run('git', ['cat-file', '-e', `${commit}^{commit}`], repoRoot);
  } catch {
    throw new Error(
      `The previous release ${commit} is not in this clone's history (a shallow clone?): fetch it, or move infra/release/previous-release.json forward.`,
    );
  }
  if (existsSync(root)) run('git', ['worktree', 'remove', '--force', root], repoRoot);
  run('git', ['worktree', 'prune'], repoRoot);
  run('git', ['worktree', 'add', '--detach', '--force', root, commit], repoRoot);
  run('npm', ['install', '--no-audit', '--no-fund'], root);
  run('npx', ['turbo', 'run', 'build', '--filter=!@hub/web'], root);
  writeFileSync(built, `${new Date().toISOString()}\n`);
  return { commit, root };
}
