import { openServiceDatabase } from '@hub/kit';
import { Observations1764200000000 } from './migrations/1764200000000-observations.js';
import { Certifications1765000000000 } from './migrations/1765000000000-certifications.js';
import { Insights1765100000000 } from './migrations/1765100000000-insights.js';
import { CompleteEnrolments1765300000000 } from './migrations/1765300000000-complete-enrolments.js';
import { JobFunctions1765600000000 } from './migrations/1765600000000-job-functions.js';
import { Recommendations1765700000000 } from './migrations/1765700000000-recommendations.js';
import { Reobservation1766900000000 } from './migrations/1766900000000-reobservation.js';
import { InsightIndexes1766910000000 } from './migrations/1766910000000-insight-indexes.js';
import { MatrixColumnIndexes1766920000000 } from './migrations/1766920000000-matrix-column-indexes.js';
import { IdempotencyKeys1767000000000 } from './migrations/1767000000000-idempotency-keys.js';
import { Outbox1767100000000 } from './migrations/1767100000000-outbox.js';
import { RecommendationTexts1767200000000 } from './migrations/1767200000000-recommendation-texts.js';
import { ProgressIndexes1767310000000 } from './migrations/1767310000000-progress-indexes.js';
import { ObservationInsightIndexes1767320000000 } from './migrations/1767320000000-observation-insight-indexes.js';
import { QuestionWeeks1767335000000 } from './migrations/1767335000000-question-weeks.js';
import { CertificationDigests1767500000000 } from './migrations/1767500000000-certification-digests.js';
import { RequiredCertifications1767600000000 } from './migrations/1767600000000-required-certifications.js';
import { FirstAttempts1767710000000 } from './migrations/1767710000000-first-attempts.js';
import { SopsTriggerPairs1767740000000 } from './migrations/1767740000000-sops-trigger-pairs.js';
import { EnrolmentCounts1767750000000 } from './migrations/1767750000000-enrolment-counts.js';
import { CertificationMonths1767760000000 } from './migrations/1767760000000-certification-months.js';
import { ObservationWeeks1767770000000 } from './migrations/1767770000000-observation-weeks.js';
import { ObservationWeeksLatest1767856000000 } from './migrations/1767856000000-observation-weeks-latest.js';
import { ResponseKeys1767900000000 } from './migrations/1767900000000-response-keys.js';
import { CourseCertificatesOwed1767910000000 } from './migrations/1767910000000-course-certificates-owed.js';
import { ObservationStartKeys1768000009000 } from './migrations/1768000009000-observation-start-keys.js';
import { OwedCertificateBackoff1768000010000 } from './migrations/1768000010000-owed-certificate-backoff.js';
import { CourseCompletionChecks1768000011000 } from './migrations/1768000011000-course-completion-checks.js';
import { CompletionEffectBackoff1768000012000 } from './migrations/1768000012000-completion-effect-backoff.js';
import { CertificationExpiryOrder1768000013000 } from './migrations/1768000013000-certification-expiry-order.js';
import { WindowScores1767801000000 } from './migrations/1767801000000-window-scores.js';
import { EnrolmentPasses1767810000000 } from './migrations/1767810000000-enrolment-passes.js';

export const OBSERVATION_SCHEMA = 'observation';

/**
 * No entity classes: the tables come from migrations only, and the service's one data-access
 * style is raw SQL with bound parameters, in its repositories and reporting/ (docs/decisions.md,
 * "One data-access style per service").
 */
export const openObservationDatabase = (url: string, poolSize?: number) =>
  openServiceDatabase({
    url,
    poolSize,
    schema: OBSERVATION_SCHEMA,
    entities: [],
    migrations: [
      Observations1764200000000,
      Certifications1765000000000,
      Insights1765100000000,
      CompleteEnrolments1765300000000,
      JobFunctions1765600000000,
      Recommendations1765700000000,
      Reobservation1766900000000,
      InsightIndexes1766910000000,
      MatrixColumnIndexes1766920000000,
      IdempotencyKeys1767000000000,
      Outbox1767100000000,
      RecommendationTexts1767200000000,
      ProgressIndexes1767310000000,
      ObservationInsightIndexes1767320000000,
      QuestionWeeks1767335000000,
      CertificationDigests1767500000000,
      RequiredCertifications1767600000000,
      FirstAttempts1767710000000,
      SopsTriggerPairs1767740000000,
      EnrolmentCounts1767750000000,
      CertificationMonths1767760000000,
      ObservationWeeks1767770000000,
      WindowScores1767801000000,
      EnrolmentPasses1767810000000,
      ObservationWeeksLatest1767856000000,
      ResponseKeys1767900000000,
      CourseCertificatesOwed1767910000000,
      ObservationStartKeys1768000009000,
      OwedCertificateBackoff1768000010000,
      CourseCompletionChecks1768000011000,
      CompletionEffectBackoff1768000012000,
      CertificationExpiryOrder1768000013000,
    ],
  });
