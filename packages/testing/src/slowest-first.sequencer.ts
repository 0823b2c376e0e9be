import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, slowest first, from a run's JSON report (28 Nov 2026, 2 cores;
 * the e2e walk's files and the unit files 2 Dec).
 * On a fresh clone vitest has no durations and starts the largest files first, but these are
 * small files doing slow work (face models, real workers, every page of every role), so they
 * started last and ran on alone: the integration and e2e projects ended 40-100 s after the
 * other workers had run out of files. A stale list only orders less well; once vitest has
 * durations of its own, they decide.
 */
const SLOWEST = [
  // e2e: the generated page walks, then the face and floor flows.
  'e2e/pages-admin-manager.e2e.test.ts',
  'e2e/insights-pages.e2e.test.ts',
  'e2e/pages-super-admin-operator.e2e.test.ts',
  'e2e/pages.e2e.test.ts',
  'e2e/access.e2e.test.ts',
  'e2e/floor.e2e.test.ts',
  'e2e/face-review.e2e.test.ts',
  'e2e/observations.e2e.test.ts',
  'e2e/videos.e2e.test.ts',
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
  // integration: face models and the real workers.
  'workers/video/src/video-worker.int.test.ts',
  'workers/pdf/src/pdf-worker.int.test.ts',
  'workers/video/src/faces/fixture-identification.int.test.ts',
  'services/gateway/test/face-references.int.test.ts',
  'services/gateway/test/videos-large-upload.int.test.ts',
  'services/gateway/test/videos.int.test.ts',
  'infra/launcher/launcher.int.test.ts',
  'workers/video/src/faces/on-demand-face-model.int.test.ts',
  'services/gateway/test/unknown-people.int.test.ts',
  'services/gateway/test/routes.int.test.ts',
  'services/gateway/test/graceful-shutdown.int.test.ts',
  'workers/video/src/faces/threaded-face-model.int.test.ts',
  'services/gateway/test/outages.int.test.ts',
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
