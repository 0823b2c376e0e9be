import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, slowest first, from a run's JSON report (e2e and integration: 3 Dec
 * 2026, each project run alone from a fresh checkout on a quiet 2-core machine of the slower
 * kind; unit: 2 Dec). Longest first is what keeps the workers' ends together: two files left out
 * of the list (the face detector on ffmpeg's sources, the idle-memory check, 16-17 s each) started
 * last and ran on alone for the integration project's last 13 s.
 * On a fresh clone vitest has no durations and starts the largest files first, but these are
 * small files doing slow work (face models, real workers, every page of every role), so they
 * started last and ran on alone: the integration and e2e projects ended 40-100 s after the
 * other workers had run out of files. A stale list only orders less well; once vitest has
 * durations of its own, they decide.
 */
export const SLOWEST = [
  // e2e (seconds a file took): the generated page walks, the floor, face and long flows.
  'e2e/pages-admin-manager.e2e.test.ts', // 87
  'e2e/floor.e2e.test.ts', // 87
  'e2e/pages-super-admin-operator.e2e.test.ts', // 64
  'e2e/pages.e2e.test.ts', // 62
  'e2e/face-review.e2e.test.ts', // 43
  'e2e/insights-pages.e2e.test.ts', // 33
  'e2e/security.e2e.test.ts', // 33
  'e2e/foundation.e2e.test.ts', // 29
  'e2e/observations.e2e.test.ts', // 29
  'e2e/people-import.e2e.test.ts', // 28
  'e2e/access.e2e.test.ts', // 26
  'e2e/saml.e2e.test.ts', // 24
  'e2e/accounts.e2e.test.ts', // 24
  'e2e/skills-matrix.e2e.test.ts', // 23
  'e2e/versions.e2e.test.ts', // 23
  'e2e/videos.e2e.test.ts', // 20
  // unit: the PDF corpus and worker threads, the quiz generator, the Kubernetes manifests. The
  // corpus file (two reads of 70 PDFs, about a third of the project's test time, 118 s on a
  // loaded machine) started 118 s into the run when vitest had no durations: with the small
  // files quick in one module graph (isolate: false), it would run on alone at the end.
  'workers/pdf/src/extraction/fixture-corpus.test.ts',
  'workers/pdf/src/hostile-pdf.test.ts',
  'workers/quiz/src/generators/offline/offline-generator.test.ts',
  'infra/deploy/deploy.test.ts',
  'workers/video/src/steps/resumable-upload.test.ts',
  'workers/pdf/src/pdf-worker.test.ts',
  // integration (seconds a file took): face models, the real workers, faults and restarts.
  'services/gateway/test/face-references.int.test.ts', // 63
  'workers/video/src/video-worker.int.test.ts', // 39
  'workers/video/src/faces/fixture-identification.int.test.ts', // 38
  'workers/pdf/src/pdf-worker.int.test.ts', // 36
  'services/gateway/test/storage-faults.int.test.ts', // 35
  'workers/pdf/src/pages/page-jobs.int.test.ts', // 33
  'services/gateway/test/videos-large-upload.int.test.ts', // 33
  'infra/backup/backup-restore.int.test.ts', // 28
  'infra/launcher/launcher.int.test.ts', // 22
  'services/gateway/test/videos.int.test.ts', // 19
  'services/gateway/test/graceful-shutdown.int.test.ts', // 19
  'workers/video/src/faces/on-demand-face-model.int.test.ts', // 18
  'services/gateway/test/routes.int.test.ts', // 18
  'workers/video/src/faces/synthetic-sources.int.test.ts', // 17
  'packages/runtime/src/lifecycle/idle-memory.int.test.ts', // 16
  'services/gateway/test/unknown-people.int.test.ts', // 14
  'workers/pdf/src/poison-job.int.test.ts', // 13
  'infra/launcher/postgres.int.test.ts', // 12
  'services/gateway/test/outages.int.test.ts', // 12
  'workers/video/src/faces/threaded-face-model.int.test.ts', // 10
];

const rankOf = (spec: TestSpecification): number => {
  const rank = SLOWEST.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
  return rank === -1 ? SLOWEST.length : rank;
};

/** vitest's order, with the known slowest files first in their project when it has no durations. */
export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    if (files.every((spec) => this.ctx.cache.getTestSpecificationResult(spec))) return sorted;
    const position = new Map(sorted.map((spec, index) => [spec, index]));
    // Projects stay in vitest's order (groupOrder, then name); within one, the known slow first.
    const projectStart = new Map<TestSpecification['project'], number>();
    sorted.forEach((spec, index) => {
      if (!projectStart.has(spec.project)) projectStart.set(spec.project, index);
    });
    const project = (spec: TestSpecification) => projectStart.get(spec.project)!;
    return [...sorted].sort(
      (a, b) =>
        project(a) - project(b) || rankOf(a) - rankOf(b) || position.get(a)! - position.get(b)!,
    );
  }
}
