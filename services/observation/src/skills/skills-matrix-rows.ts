import { type SkillCell, type SkillsMatrixRow } from '@hub/proto';
import { type Member, roleOf } from '../team/members.js';
import { isGap, skillLevel } from './skill-level.js';
import type { CertificationRow, LatestRow, MatrixColumn } from './skills-matrix.repository.js';

const key = (userId: number, documentId: number) => `${userId}:${documentId}`;

/** What a page's rows are built from, read for its people and columns. */
export interface PageRecords {
  latest: LatestRow[];
  certifications: CertificationRow[];
  required: { user_id: number; document_id: number }[];
  functions: { user_id: number; name: string }[];
}

/** The page's rows: each person's cells over the shown columns, and their gaps over every SOP. */
export function buildRows(
  people: Member[],
  columns: { shown: MatrixColumn[]; all: Set<number> },
  records: PageRecords,
  now: Date,
): SkillsMatrixRow[] {
  const latest = new Map(records.latest.map((row) => [key(row.operator_id, row.document_id), row]));
  const held = new Map(
    records.certifications.map((row) => [key(row.user_id, row.subject_id), row]),
  );
  const required = new Set(records.required.map((row) => key(row.user_id, row.document_id)));
  const functions = new Map<number, string[]>();
  for (const row of records.functions) {
    functions.set(row.user_id, [...(functions.get(row.user_id) ?? []), row.name]);
  }
  const heldOf = (cellKey: string) => {
    const certification = held.get(cellKey);
    return certification
      ? {
          expiresAt: certification.expires_at,
          revokedAt: certification.revoked_at,
          needsReobservation: certification.reobservation_version !== null,
        }
      : null;
  };
  // A gap depends on the certification alone (in force, no re-observation due), so a row's
  // gaps over every SOP need no observation of the columns this page does not show.
  const rowGaps = new Map<number, number>();
  for (const row of records.required) {
    const cellKey = key(row.user_id, row.document_id);
    if (columns.all.has(row.document_id) && isGap(skillLevel(null, heldOf(cellKey), now), true))
      rowGaps.set(row.user_id, (rowGaps.get(row.user_id) ?? 0) + 1);
  }
  return people.map((person) => {
    const cells = columns.shown.map((column): SkillCell => {
      const cellKey = key(person.id, column.documentId);
      const observation = latest.get(cellKey) ?? null;
      const level = skillLevel(observation, heldOf(cellKey), now);
      const isRequired = required.has(cellKey);
      return {
        documentId: column.documentId,
        level,
        score: observation?.score == null ? null : Number(observation.score),
        date: observation
          ? (observation.completed_at ?? observation.started_at).toISOString()
          : null,
        required: isRequired,
        gap: isGap(level, isRequired),
      };
    });
    return {
      userId: person.id,
      name: person.name,
      email: person.email,
      ...roleOf(person),
      jobFunctions: functions.get(person.id) ?? [],
      gaps: rowGaps.get(person.id) ?? 0,
      cells,
    };
  });
}
