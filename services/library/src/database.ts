import { openServiceDatabase } from '@hub/kit';
import { DocumentEntity } from './documents/document.entity.js';
import { DocumentImageEntity } from './documents/document-image.entity.js';
import { FolderEntity } from './folders/folder.entity.js';
import { TagEntity } from './tags/tag.entity.js';
import { Library1764000000000 } from './migrations/1764000000000-library.js';
import { Evaluations1764100000000 } from './migrations/1764100000000-evaluations.js';
import { EvaluationEntity } from './evaluations/evaluation.entity.js';
import { DocumentVersionEntity } from './documents/document-version.entity.js';
import { DocumentVersions1765900000000 } from './migrations/1765900000000-document-versions.js';
import { EvaluationRevisions1766500000000 } from './migrations/1766500000000-evaluation-revisions.js';
import { Outbox1767100000000 } from './migrations/1767100000000-outbox.js';
import { SafetyChecksOwed1767910000000 } from './migrations/1767910000000-safety-checks-owed.js';
import { EvaluationReviewedRun1768000001000 } from './migrations/1768000001000-evaluation-reviewed-run.js';
import { EvaluationLastQuestionNumber1768000060000 } from './migrations/1768000060000-evaluation-last-question-number.js';
import { AcknowledgementEntity } from './acknowledgements/acknowledgement.entity.js';

export const LIBRARY_SCHEMA = 'library';

export const openLibraryDatabase = (url: string, poolSize?: number) =>
  openServiceDatabase({
    url,
    poolSize,
    schema: LIBRARY_SCHEMA,
    entities: [
      DocumentEntity,
      DocumentImageEntity,
      DocumentVersionEntity,
      FolderEntity,
      TagEntity,
      EvaluationEntity,
      AcknowledgementEntity,
    ],
    migrations: [
      Library1764000000000,
      Evaluations1764100000000,
      DocumentVersions1765900000000,
      EvaluationRevisions1766500000000,
      Outbox1767100000000,
      SafetyChecksOwed1767910000000,
      EvaluationReviewedRun1768000001000,
      EvaluationLastQuestionNumber1768000060000,
    ],
  });
