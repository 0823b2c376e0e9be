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

/** A certification of Otto's, active, as the tests' reader sees one; `fields` change it. */
export function aCertification(fields: Partial<Certification> = {}): Certification {
  return {
    id: 1,
    userId: 2,
    holderName: 'Otto Operator',
    kind: 'sop',
    subjectId: 3,
    title: 'Cooling cooked food',
    categories: ['Safety', 'Kitchen'],
    score: 100,
    issuedAt: '2026-01-31T10:00:00.000Z',
    expiresAt: '2027-01-31T10:00:00.000Z',
    validityMonths: 12,
    state: 'active',
    verificationCode: 'ABCD-EFGH-JKMN',
    revokedAt: null,
    revokedReason: null,
    reobservation: null,
    ...fields,
  };
}

/**
 * Pages of `total` certifications alike but for their holder (`Holder <id>`): a page lists the
 * given ids and answers `nextCursor`.
 */
export function certificationPages({ total, state, expiresAt, summary }: PagedCertifications) {
  const certification = (id: number): Certification =>
    aCertification({
      id,
      userId: 100 + id,
      holderName: `Holder ${id}`,
      subjectId: 4,
      title: 'Cooling',
      categories: ['Kitchen'],
      score: 90,
      issuedAt: '2026-11-01T00:00:00.000Z',
      expiresAt,
      state,
      verificationCode: `CODE-${id}`,
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
