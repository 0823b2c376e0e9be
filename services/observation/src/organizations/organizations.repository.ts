import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The observation service's rows of a deleted organization or user. */
@Injectable()
export class OrganizationsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Its observations, findings, courses, enrolments, certifications, job functions, settings,
   * recommendations, report exports and answer counts per week, in one transaction.
   */
  async deleteObservationDataOf(organizationId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM observations WHERE organization_id = $1`, [organizationId]);
      await tx.query(`DELETE FROM courses WHERE organization_id = $1`, [organizationId]);
      for (const table of [
        'job_functions',
        'job_function_members',
        'certification_digest_items',
        'certification_digests',
        'certifications',
        'report_exports',
        'certification_settings',
        'sop_certification_validity',
        'observation_settings',
        'recommendations',
        'recommendation_runs',
        'reobservation_changes',
        'observation_question_weeks',
      ]) {
        await tx.query(`DELETE FROM ${table} WHERE organization_id = $1`, [organizationId]);
      }
    });
  }

  /**
   * The user's enrolments and certifications; their job functions go with
   * JobFunctionMembersRepository.removeHolder, which moves the functions' updated_at.
   */
  async deleteUserData(userId: number): Promise<void> {
    await this.db.query(`DELETE FROM enrollments WHERE user_id = $1`, [userId]);
    await this.db.query(`DELETE FROM certifications WHERE user_id = $1`, [userId]);
  }
}
