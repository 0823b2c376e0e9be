import type {
  Certification,
  CertificationList,
  CertificationState,
  CertificationSummary,
} from '@hub/proto';
import { vi } from 'vitest';

/** How every certification of a test's pages stands, and the cards' counts of them. */
export interface PagedCertifications {
  total: number;
  state: CertificationState;
  expiresAt: string;
  summary: Partial<CertificationSummary>;
}

/**
 * Pages of `total` certifications alike but for their holder (`Holder <id>`): a page lists the
 * given ids and answers `nextCursor`.
 */
export function certificationPages({ total, state, expiresAt, summary }: PagedCertifications) {
  const certification = (id: number): Certification => ({
    id,
    userId: 100 + id,
    holderName: `Holder ${id}`,
    kind: 'sop',
    subjectId: 4,
    title: 'Cooling',
    categories: ['Kitchen'],
    score: 90,
    issuedAt: '2026-11-01T00:00:00.000Z',
    expiresAt,
    validityMonths: 12,
    state,
    verificationCode: `CODE-${id}`,
    revokedAt: null,
    revokedReason: null,
    reobservation: null,
  });
  return (ids: number[], nextCursor: string | null): CertificationList => ({
    certifications: ids.map(certification),
    totalCount: total,
    nextCursor,
    summary: {
      active: 0,
      completedThisMonth: 0,
      expiringSoon: 0,
      overdue: 0,
      revoked: 0,
      ...summary,
    },
    categories: [{ name: 'Kitchen', count: total }],
  });
}

/** The holders a page's markup lists, in order, by their number. */
export const holders = (markup: string) =>
  [...markup.matchAll(/Holder (\d+)/g)].map((found) => found[1]);

/**
 * Answers the pages after the first by cursor, and records what was asked (the test file undoes
 * the stub with `vi.unstubAllGlobals`).
 */
export function servePages(pages: Record<string, CertificationList>): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const cursor = new URL(url, 'http://hub.test').searchParams.get('cursor') ?? '';
      return new Response(JSON.stringify(pages[cursor]), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}
