import { bounded } from '@hub/kit';
import type { WebhookEventData } from '@hub/proto';
import type { CertificationRow } from './certifications.repository.js';

/** What a webhook tells of a certification: who holds what, for which term (no verification code). */
export function certificationData(
  row: Pick<
    CertificationRow,
    | 'id'
    | 'user_id'
    | 'holder_name'
    | 'kind'
    | 'subject_id'
    | 'title'
    | 'issued_at'
    | 'expires_at'
    | 'revoked_at'
    | 'revoked_reason'
  >,
): WebhookEventData {
  return {
    certificationId: row.id,
    userId: row.user_id,
    holderName: bounded(row.holder_name),
    kind: row.kind,
    subjectId: row.subject_id,
    title: bounded(row.title),
    issuedAt: row.issued_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    revokedReason: row.revoked_reason === null ? null : bounded(row.revoked_reason, 500),
  };
}
