import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TSC_BUILD, tscProjects, workspaces } from './build-packages.mjs';

describe("npm test's one tsgo -b for the packages (infra/scripts/build-packages.mjs)", () => {
  const all = workspaces();
  const projects = tscProjects(all);
  const built = projects.map((project) =>
    all.find((w) => `${w.folder}/tsconfig.json` === project)!,
  );

  it('builds every workspace turbo builds, but the web app (`vite build` beside it)', () => {
    const others = all.filter((w) => w.manifest.scripts?.build && !built.includes(w));
    expect(others.map((w) => [w.name, w.manifest.scripts?.build])).toEqual([
      ['@hub/web', 'vite build'],
    ]);
    expect(built.map((w) => w.manifest.scripts?.build)).toEqual(built.map(() => TSC_BUILD));
    expect(built.map((w) => w.name)).toContain('@hub/gateway');
  });

  it('builds each workspace after those whose declarations it reads', () => {
    built.forEach((workspace, index) => {
      const { dependencies = {}, devDependencies = {} } = workspace.manifest;
      for (const name of Object.keys({ ...dependencies, ...devDependencies })) {
        const at = built.findIndex((w) => w.name === name);
        if (at >= 0 && at !== index)
          expect(at, `${name} before ${workspace.name}`).toBeLessThan(index);
      }
    });
  });

  it("leaves each workspace's test support (src/test-support) out of what it builds", () => {
    const root = join(import.meta.dirname, '../..');
    const including = built
      .filter((workspace) => existsSync(join(root, workspace.folder, 'src/test-support')))
      .filter((workspace) => {
        const config = JSON.parse(
          readFileSync(join(root, workspace.folder, 'tsconfig.json'), 'utf8'),
        );
        return !(config.exclude as string[] | undefined)?.includes('src/test-support');
      });
    expect(including.map((workspace) => workspace.name)).toEqual([]);
  });
});
