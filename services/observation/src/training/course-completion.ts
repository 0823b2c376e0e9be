import { Inject, Injectable } from '@nestjs/common';
import { CertificationIssuer } from '../certifications/certification-issuer.js';
import { type Member, Members } from '../team/members.js';
import { type CompletedRow, CourseCompletionRepository } from './course-completion.repository.js';

/**
 * Keeps enrolments' completed_at in step with passed observations, and certifies each course
 * completed. Passing one of a completed course's SOPs again renews its certification.
 */
@Injectable()
export class CourseCompletion {
  constructor(
    @Inject(CourseCompletionRepository) private readonly enrolments: CourseCompletionRepository,
    @Inject(CertificationIssuer) private readonly certifications: CertificationIssuer,
    @Inject(Members) private readonly members: Members,
  ) {}

  /** After an observation of this learner completed; passedDocumentId when it was a pass. */
  async forLearner(userId: number, passedDocumentId: number | null = null): Promise<void> {
    const completed = await this.enrolments.completeEnrolments(userId, null);
    const renewable =
      passedDocumentId === null ? [] : await this.enrolments.renewable(userId, passedDocumentId);
    const done = new Set(completed.map((row) => row.course_id));
    await this.certify([...completed, ...renewable.filter((row) => !done.has(row.course_id))]);
  }

  /** After a learner enrolled (they may have passed every SOP already). */
  async forEnrolment(userId: number, courseId: number): Promise<void> {
    await this.certify(await this.enrolments.completeEnrolments(userId, courseId));
  }

  /**
   * After a course of the organization changed its SOPs. Its suspended and pending learners'
   * enrolments stay open: no course progress nor certificate while away, as for a pass
   * (ObservationsService.operatorPresent).
   */
  async forCourse(organizationId: number, courseId: number): Promise<void> {
    // Identity is asked only when some enrolment is to complete, as before for its certificate.
    if ((await this.enrolments.completable(courseId)).length === 0) return;
    const people = await this.members.all(organizationId);
    const away = people.filter((person) => !person.isActive || person.suspended);
    const completed = await this.enrolments.completeEnrolments(
      null,
      courseId,
      away.map((person) => person.id),
    );
    await this.certify(completed, new Map([[organizationId, people]]));
  }

  /** `known`: people already asked of identity, by organization. */
  private async certify(rows: CompletedRow[], known = new Map<number, Member[]>()): Promise<void> {
    const organizations = [...new Set(rows.map((row) => row.organization_id))];
    for (const organizationId of organizations) {
      const people = known.get(organizationId) ?? (await this.members.all(organizationId));
      for (const row of rows.filter((candidate) => candidate.organization_id === organizationId)) {
        const holder = people.find((person) => person.id === row.user_id);
        // Removed from the organization as they finished: no certificate without its holder.
        if (!holder) continue;
        await this.certifications.courseCompleted(
          {
            organizationId,
            courseId: row.course_id,
            title: row.title,
            userId: row.user_id,
            holderName: holder.name,
          },
          row.at,
        );
      }
    }
  }
}
