import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MySopReason } from '@hub/proto';

interface ReasonRow {
  document_id: number;
  kind: MySopReason['kind'];
  id: number;
  name: string;
}

/** The SOPs that are a member's own, as the library asks for them. */
@Injectable()
export class MemberSopsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * The member's SOPs, each with why: a course they are enrolled in, a job function they hold, a
   * certification of theirs not revoked (an SOP's own, or a course's SOPs). One query;
   * `documentId` narrows it to that one document.
   */
  async ofMember(
    organizationId: number,
    userId: number,
    documentId?: number,
  ): Promise<{ documentId: number; reasons: MySopReason[] }[]> {
    const rows = (await this.db.query(
      `SELECT * FROM (
         SELECT cs.document_id, 'course' AS kind, c.id, c.title AS name
           FROM enrollments e
           JOIN courses c ON c.id = e.course_id
           JOIN course_sops cs ON cs.course_id = c.id
          WHERE e.user_id = $2 AND c.organization_id = $1
         UNION
         SELECT s.document_id, 'job_function' AS kind, jf.id, jf.name
           FROM job_function_members m
           JOIN job_functions jf ON jf.id = m.job_function_id
           JOIN job_function_sops s ON s.job_function_id = jf.id
          WHERE m.user_id = $2 AND m.organization_id = $1 AND jf.organization_id = $1
         UNION
         SELECT c.subject_id AS document_id, 'certification' AS kind, c.id, c.title AS name
           FROM certifications c
          WHERE c.user_id = $2 AND c.organization_id = $1 AND c.kind = 'sop'
            AND c.revoked_at IS NULL
         UNION
         SELECT cs.document_id, 'certification' AS kind, c.id, c.title AS name
           FROM certifications c
           JOIN course_sops cs ON cs.course_id = c.subject_id
          WHERE c.user_id = $2 AND c.organization_id = $1 AND c.kind = 'course'
            AND c.revoked_at IS NULL
       ) AS mine
       WHERE $3::int IS NULL OR document_id = $3::int
       ORDER BY document_id, kind, name, id`,
      [organizationId, userId, documentId ?? null],
    )) as ReasonRow[];
    const byDocument = new Map<number, MySopReason[]>();
    for (const row of rows) {
      const reasons = byDocument.get(row.document_id) ?? [];
      reasons.push({ kind: row.kind, id: row.id, name: row.name });
      byDocument.set(row.document_id, reasons);
    }
    return [...byDocument].map(([id, reasons]) => ({ documentId: id, reasons }));
  }
}
