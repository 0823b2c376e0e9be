import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface ObservationCounters {
  open: number;
  inProgress: number;
  resolved: number;
  total: number;
}

/** Aggregates over observations and enrolments: the hub's figures and the observation list's counters. */
@Injectable()
export class ObservationFigures {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Performance Score = average score of completed observations; Training Completion = share of
   * enrolments completed. Null while there is nothing to average. `organizationId` null: every
   * organization. The score is the scores' sum over their count, as avg() divides, from the
   * weeks counted by triggers (observation_weeks): the Hub is everyone's home page, and avg()
   * read every completed observation of the organization on each visit.
   */
  async hubFigures(organizationId: number | null) {
    const scope = organizationId === null ? 'TRUE' : 'organization_id = $1';
    const params = organizationId === null ? [] : [organizationId];
    const [score] = (await this.db.query(
      `SELECT round(sum(score_sum) / nullif(sum(scored), 0), 1)::float AS value
         FROM observation_weeks WHERE ${scope}`,
      params,
    )) as { value: number | null }[];
    return {
      performanceScore: score?.value ?? null,
      trainingCompletion: await this.trainingCompletion(organizationId),
    };
  }

  /**
   * Training Completion alone (Team Overview shows no Performance Score: its average over every
   * completed observation, 500,000 at the bench's scale, was read and dropped). From the counts
   * kept per course at enrolment (course_enrolments, migration 1767750000000), as the insights
   * summary's: counting every enrolment took 140 ms p50 of team stats at 200,000 under load.
   */
  async trainingCompletion(organizationId: number | null): Promise<number | null> {
    const scope = organizationId === null ? 'TRUE' : 'c.organization_id = $1';
    const [completion] = (await this.db.query(
      `SELECT CASE WHEN coalesce(sum(k.enrolled), 0) = 0 THEN NULL
                   ELSE round(100.0 * sum(k.completed) / sum(k.enrolled), 1)::float END AS value
         FROM courses c JOIN course_enrolments k ON k.course_id = c.id WHERE ${scope}`,
      organizationId === null ? [] : [organizationId],
    )) as { value: number | null }[];
    return completion?.value ?? null;
  }

  /** Average completed-observation score per observed member. */
  async performance(organizationId: number) {
    return (await this.db.query(
      `SELECT operator_id AS "userId", round(avg(score), 1)::float AS "averageScore"
         FROM observations WHERE organization_id = $1 AND status = 'completed' GROUP BY operator_id`,
      [organizationId],
    )) as { userId: number; averageScore: number }[];
  }

  /**
   * The observation list's counters: completed with an open finding, in progress, completed with
   * none open, and all.
   */
  async counters(organizationId: number): Promise<ObservationCounters> {
    const [row] = (await this.db.query(
      `SELECT count(*) FILTER (WHERE o.status = 'completed' AND EXISTS (SELECT 1 FROM findings f WHERE f.observation_id = o.id AND f.status = 'open'))::int AS open,
              count(*) FILTER (WHERE o.status = 'in_progress')::int AS "inProgress",
              count(*) FILTER (WHERE o.status = 'completed' AND NOT EXISTS (SELECT 1 FROM findings f WHERE f.observation_id = o.id AND f.status = 'open'))::int AS resolved,
              count(*)::int AS total
         FROM observations o WHERE o.organization_id = $1`,
      [organizationId],
    )) as ObservationCounters[];
    return row ?? { open: 0, inProgress: 0, resolved: 0, total: 0 };
  }
}
