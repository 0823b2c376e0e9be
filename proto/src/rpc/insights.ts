import { z } from 'zod';
import { ActiveUsers, CameraCount, ObservationInsights, ReportKind } from '../insights.js';
import {
  CertificationInsightsPage,
  ObservationInsightsPage,
  ObservationInsightsQuery,
  ProgressInsightsPage,
} from '../insight-pages.js';
import { Actor, ALL_ROLES, STAFF_ROLES } from '../roles.js';
import { CsvStreamId, CsvStreamStarted } from '../skills.js';
import { LanguageCode } from '../settings.js';
import { ActorOnly, rpc, FROM_ROUTES } from '../rpc.js';

/**
 * Insights are answered by the observation service (reports/), identity (people) and
 * integration (cameras).
 */
export const insightsRpc = {
  observationInsights: rpc(
    'observation',
    'reports.insights',
    STAFF_ROLES,
    ActorOnly,
    ObservationInsights,
  ),
  activeUsers: rpc('identity', 'stats.activeUsers', STAFF_ROLES, ActorOnly, ActiveUsers),
  /** The Observation Center's cameras: camera assignments in scope (integration). */
  cameraCount: rpc('integration', 'stats.cameras', STAFF_ROLES, ActorOnly, CameraCount),
  /**
   * The observation history CSV, in id order, written to the chunk stream `stream`; the stream's
   * trailer is its row count (the gateway records the export once it is sent).
   */
  observationHistoryCsv: rpc(
    'observation',
    'reports.observationHistoryCsv',
    STAFF_ROLES,
    z.object({
      actor: Actor,
      stream: CsvStreamId,
      /** The reader's: the header and the words of its cells are written in it. */
      language: LanguageCode.default('en'),
    }),
    CsvStreamStarted,
  ),
  /** Also an operator's: the skills matrix CSV of their own row is a report generated too. */
  recordExport: rpc(
    'observation',
    'reports.recordExport',
    ALL_ROLES,
    z.object({ actor: Actor, kind: ReportKind, rows: z.number().int().min(0) }),
    z.object({ id: z.number().int() }),
  ),
  observationPage: rpc(
    'observation',
    'reports.observationPage',
    FROM_ROUTES,
    z.object({ actor: Actor, query: ObservationInsightsQuery }),
    ObservationInsightsPage,
  ),
  certificationPage: rpc(
    'observation',
    'reports.certificationPage',
    FROM_ROUTES,
    ActorOnly,
    CertificationInsightsPage,
  ),
  progressPage: rpc(
    'observation',
    'reports.progressPage',
    FROM_ROUTES,
    ActorOnly,
    ProgressInsightsPage,
  ),
} as const;
