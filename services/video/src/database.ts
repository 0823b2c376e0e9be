import { openServiceDatabase } from '@hub/kit';
import { Videos1764300000000 } from './migrations/1764300000000-videos.js';
import { AnalysisDispatch1766100000000 } from './migrations/1766100000000-analysis-dispatch.js';
import { FaceReferences1767000000000 } from './migrations/1767000000000-face-references.js';
import { LearnedFaces1767000002000 } from './migrations/1767000002000-learned-faces.js';
import { UnknownPeople1767000003000 } from './migrations/1767000003000-unknown-people.js';
import { RejectedFaces1767000004000 } from './migrations/1767000004000-rejected-faces.js';
import { ReviewKeys1767000005000 } from './migrations/1767000005000-review-keys.js';
import { EmbeddingSpace1767000006000 } from './migrations/1767000006000-embedding-space.js';
import { Outbox1767100000000 } from './migrations/1767100000000-outbox.js';
import { IdentifiedPeople1768000050000 } from './migrations/1768000050000-identified-people.js';

export const VIDEO_SCHEMA = 'video';

/**
 * No entity classes: the tables come from migrations only, and the service's one data-access
 * style is raw SQL with bound parameters, in its repositories and reporting/ (docs/decisions.md,
 * "One data-access style per service").
 */
export const openVideoDatabase = (url: string, poolSize?: number) =>
  openServiceDatabase({
    url,
    poolSize,
    schema: VIDEO_SCHEMA,
    entities: [],
    migrations: [
      Videos1764300000000,
      AnalysisDispatch1766100000000,
      FaceReferences1767000000000,
      LearnedFaces1767000002000,
      UnknownPeople1767000003000,
      RejectedFaces1767000004000,
      ReviewKeys1767000005000,
      EmbeddingSpace1767000006000,
      Outbox1767100000000,
      IdentifiedPeople1768000050000,
    ],
  });
