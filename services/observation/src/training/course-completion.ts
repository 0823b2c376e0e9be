import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { passedDocuments, progressOf } from './course-progress.js';

/** After an observation, marks the learner's enrolments complete once every SOP is passed. */
@Injectable()
export class CourseCompletion {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async recordCompletion(organizationId: number, userId: number): Promise<void> {
    const passed = await passedDocuments(this.db, organizationId, userId);
    const rows = (await this.db.query(
      `SELECT e.course_id, array_agg(s.document_id) AS documents
         FROM enrollments e JOIN courses c ON c.id = e.course_id JOIN course_sops s ON s.course_id = c.id
        WHERE e.user_id = $1 AND c.organization_id = $2 AND e.completed_at IS NULL GROUP BY e.course_id`,
      [userId, organizationId],
    )) as { course_id: number; documents: number[] }[];
    for (const row of rows) {
      if (progressOf(row.documents, passed) >= 100) {
        await this.db.query(
          `UPDATE enrollments SET completed_at = now() WHERE course_id = $1 AND user_id = $2`,
          [row.course_id, userId],
        );
      }
    }
  }
}
