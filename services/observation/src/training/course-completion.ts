import { Inject, Injectable, Logger } from '@nestjs/common';
import { outageFailure, RpcCallError, RpcFailure } from '@hub/kit';
import { CertificationIssuer } from '../certifications/certification-issuer.js';
import { type Member, Members } from '../team/members.js';
import {
  type CompletedRow,
  type CourseCheck,
  CourseCompletionRepository,
} from './course-completion.repository.js';

/** A passing outage (a service, Redis or the database away or too slow), not a defect. */
export function isOutage(error: unknown): boolean {
  if (error instanceof RpcCallError) return error.failure.kind === 'unavailable';
  if (error instanceof RpcFailure) return error.kind === 'unavailable';
  return outageFailure(error)?.kind === 'unavailable';
}

/** People asked of identity, by id: the person, or null when not (or no longer) the organization's. */
type Asked = Map<number, Member | null>;

/**
 * Keeps enrolments' completed_at in step with passed observations, and certifies each course
 * completed: the completion owes its certificate (`course_certificates_owed`), issued at once and,
 * should that fail, by `settleOwed`. A course edit owes the check of the enrolments it completes
 * (`course_completion_checks`), done after its commit and by `recheckCourses`. Passing one of a
 * completed course's SOPs again renews its certification (retried with the completion's effects).
 */
@Injectable()
export class CourseCompletion {
  private readonly logger = new Logger('Courses');

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
    await this.issueOwed(completed);
    await this.certify(renewable.filter((row) => !done.has(row.course_id)));
  }

  /** After a learner enrolled (they may have passed every SOP already). */
  async forEnrolment(userId: number, courseId: number): Promise<void> {
    await this.issueOwed(await this.enrolments.completeEnrolments(userId, courseId));
  }

  /**
   * After a course of the organization changed its SOPs. Its suspended and pending learners'
   * enrolments stay open: no course progress nor certificate while away, as for a pass
   * (ObservationsService.operatorPresent).
   */
  async forCourse(organizationId: number, courseId: number): Promise<void> {
    // Identity is asked only when some enrolment is to complete, and only about its learners.
    const learners = await this.enrolments.completable(courseId);
    if (learners.length === 0) return;
    const asked = await this.ask(organizationId, learners);
    const away = [...asked.values()].filter(
      (person): person is Member => person !== null && (!person.isActive || person.suspended),
    );
    const completed = await this.enrolments.completeEnrolments(
      null,
      courseId,
      away.map((person) => person.id),
    );
    await this.issueOwed(completed, new Map([[organizationId, asked]]));
  }

  /**
   * After an editor saved the course: the check the edit owes (written with it), done at once and
   * cleared, as the retry pass does; a failure (identity away) is logged, not thrown. The edit is
   * committed by then, and failing its answer sent the editor's retry into their own save as
   * someone else's (409). `recheckCourses` then completes the enrolments left open.
   */
  async afterEdit(check: CourseCheck): Promise<void> {
    await this.recheck(check).catch((error: unknown) => this.notChecked(check.course_id, error));
  }

  /**
   * The completion checks course edits owe, due (every pass: the check after the edit's commit
   * may have failed or never run). A check done is cleared; one that fails waits longer each
   * time, as an owed certificate does. Throws only when the checks cannot be read.
   */
  async recheckCourses(): Promise<void> {
    for (const check of await this.enrolments.checksDue()) {
      await this.recheck(check).catch(async (error: unknown) => {
        this.notChecked(check.course_id, error);
        await this.enrolments
          .countCheckFailure(check, error)
          .catch((failure: unknown) =>
            this.logger.warn(`course completion check not counted: ${String(failure)}`),
          );
      });
    }
  }

  private async recheck(check: CourseCheck): Promise<void> {
    await this.forCourse(check.organization_id, check.course_id);
    await this.enrolments.checked(check);
  }

  private notChecked(courseId: number, error: unknown): void {
    const unchecked = `course ${courseId} edited, completions not checked`;
    // Identity or the database away is expected to pass; anything else is a defect to see.
    if (isOutage(error)) this.logger.warn(`${unchecked}: ${String(error)}`);
    else this.logger.error(unchecked, error);
  }

  /**
   * After SOPs left the organization's courses (a deleted document): every course some open
   * enrolment now completes, so that one left unchecked by an earlier failure is checked too.
   */
  async forOrganization(organizationId: number): Promise<void> {
    for (const courseId of await this.enrolments.completableCourses(organizationId))
      await this.forCourse(organizationId, courseId);
  }

  /**
   * The course certificates completions owe that are due (a batch, least tried first), retried
   * every pass; a failure waits longer each time before it is tried again.
   */
  async settleOwed(): Promise<void> {
    await this.issueOwed(await this.enrolments.owedCertificates());
  }

  /**
   * Issues the certificates these completions owe. Never throws: what fails stays owed for
   * `settleOwed`, so the enrolment or course edit that completed them still succeeds.
   * `known`: people already asked of identity, by organization.
   */
  private async issueOwed(rows: CompletedRow[], known = new Map<number, Asked>()) {
    for (const [organizationId, owed] of byOrganization(rows)) {
      const holders = await this.holders(organizationId, owed, known.get(organizationId));
      if (!holders) continue;
      for (const row of owed) {
        // Removed from the organization as they finished: no certificate without its holder.
        const holder = holders.get(row.user_id);
        await this.enrolments
          .settleCertificate(row, async () => {
            if (holder) await this.issue(row, holder);
          })
          .catch((error: unknown) =>
            this.logger.warn(`course certificate failed, retried later: ${String(error)}`),
          );
      }
    }
  }

  /** Renewals: a failure is thrown, for the completion's effects to run again. */
  private async certify(rows: CompletedRow[]): Promise<void> {
    for (const [organizationId, renewed] of byOrganization(rows)) {
      const holders = await this.ask(
        organizationId,
        renewed.map((row) => row.user_id),
      );
      for (const row of renewed) {
        const holder = holders.get(row.user_id);
        if (holder) await this.issue(row, holder);
      }
    }
  }

  /**
   * The rows' learners, identity asked only about those not `asked` before (a completion
   * after its course's check may name someone the check did not); null when identity could
   * not answer, which counts as a failed attempt on the rows (else an organization identity
   * cannot answer about would keep its owed certificates first in line for ever).
   */
  private async holders(
    organizationId: number,
    rows: CompletedRow[],
    asked: Asked = new Map(),
  ): Promise<Asked | null> {
    const unasked = rows.map((row) => row.user_id).filter((userId) => !asked.has(userId));
    try {
      return new Map([...asked, ...(await this.ask(organizationId, unasked))]);
    } catch (error) {
      this.logger.warn(`course certificates owed, holders unknown: ${String(error)}`);
      await this.enrolments
        .countFailure(rows, error)
        .catch((failure: unknown) =>
          this.logger.warn(`course certificates owed, attempt not counted: ${String(failure)}`),
        );
      return null;
    }
  }

  /**
   * These people of the organization, asked of identity by id (not its whole member list: 18
   * MiB at 100,000 people for a course's few learners).
   */
  private async ask(organizationId: number, userIds: number[]): Promise<Asked> {
    const unique = [...new Set(userIds)];
    const found = new Map(
      (await this.members.byIds(organizationId, unique)).map((person) => [person.id, person]),
    );
    return new Map(unique.map((userId) => [userId, found.get(userId) ?? null]));
  }

  private async issue(row: CompletedRow, holder: Member): Promise<void> {
    await this.certifications.courseCompleted(
      {
        organizationId: row.organization_id,
        courseId: row.course_id,
        title: row.title,
        userId: row.user_id,
        holderName: holder.name,
      },
      row.at,
    );
  }
}

function byOrganization(rows: CompletedRow[]): Map<number, CompletedRow[]> {
  const groups = new Map<number, CompletedRow[]>();
  for (const row of rows)
    groups.set(row.organization_id, [...(groups.get(row.organization_id) ?? []), row]);
  return groups;
}
