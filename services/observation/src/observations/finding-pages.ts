import { type FindingPage, MAX_FINDINGS_PER_OBSERVATION, type PageRequest } from '@hub/proto';
import { decodeCursor, encodeCursor, pageOf } from '@hub/kit';
import type { FindingsRepository } from './findings.repository.js';
import { findingKey, toFinding } from './observation-rows.js';

/**
 * What the session carries of an observation's findings: the first (oldest) of them, the counts
 * of all it holds (also past the cap) and the cursor its findings' pages continue from (null
 * when the first are all).
 */
export async function sessionFindings(findings: FindingsRepository, observationId: number) {
  const [rows, counts] = await Promise.all([
    findings.findings([observationId], MAX_FINDINGS_PER_OBSERVATION),
    findings.counts([observationId]),
  ]);
  const { total, open } = counts.get(observationId)!;
  const last = rows.at(-1);
  return {
    findingCount: total,
    openFindings: open,
    findings: rows.map(toFinding),
    findingsCursor: last && total > rows.length ? encodeCursor(findingKey(last)) : null,
  };
}

/**
 * A page of the observation's findings, oldest first as the session lists them, keyset on
 * (created_at, id). The caller found the observation in the actor's organization.
 */
export async function findingPage(
  findings: FindingsRepository,
  observationId: number,
  page: PageRequest,
): Promise<FindingPage> {
  const after = decodeCursor(page.cursor, ['time', 'id']);
  const [rows, counts] = await Promise.all([
    findings.page(observationId, after, page.limit + 1),
    findings.counts([observationId]),
  ]);
  const { rows: kept, nextCursor } = pageOf(rows, page.limit, findingKey);
  return {
    totalCount: counts.get(observationId)!.total,
    nextCursor,
    findings: kept.map(toFinding),
  };
}
