import type { Actor, MemberFilter } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import type { Members } from '../team/members.js';
import type { InsightPagesRepository, ProgressFigures } from './insight-pages.repository.js';
import { InsightPagesService } from './insight-pages.service.js';

/** Identity's pending (active: false) and suspended people, by organization. */
const PENDING: Record<number, number[]> = { 7: [31], 8: [41] };
const SUSPENDED: Record<number, number[]> = { 7: [32, 31], 8: [] };

function service(enrolled: number[] = [7, 8]) {
  const asked: MemberFilter[] = [];
  const uncounted: number[][] = [];
  const acrossAsked: number[][] = [];
  const pages = {
    enrolledOrganizations: async () => enrolled,
    progress: async (_scope: number | null, _people: number, ids: number[] = []) => {
      uncounted.push(ids);
      const figures: ProgressFigures = { courses: [], people: [], totalPeople: 0 };
      return figures;
    },
  };
  const members = {
    ids: async (filter: MemberFilter) => {
      asked.push(filter);
      const { organizationId } = filter;
      return (filter.suspended ? SUSPENDED : PENDING)[organizationId] ?? [];
    },
    names: async () => new Map<number, string>(),
    uncountedIn: async (organizationIds: number[]) => {
      acrossAsked.push(organizationIds);
      const ids = organizationIds.flatMap((id) => [
        ...(PENDING[id] ?? []),
        ...(SUSPENDED[id] ?? []),
      ]);
      return [...new Set(ids)].sort((a, b) => a - b);
    },
  };
  const pagesService = new InsightPagesService(
    pages as unknown as InsightPagesRepository,
    members as unknown as Members,
  );
  return { pagesService, asked, uncounted, acrossAsked };
}

/**
 * The progress page listed pending and suspended people among those furthest behind and in its
 * people total, while Team and the Skills Matrix count accepted, not suspended members.
 */
describe("the progress page's people", () => {
  it("leave out the organization's pending and suspended people", async () => {
    const { pagesService, asked, uncounted } = service();
    await pagesService.progress({ userId: 1, organizationId: 7, role: 'admin' } as Actor);
    expect(asked).toEqual([
      { organizationId: 7, active: false },
      { organizationId: 7, suspended: true },
    ]);
    expect(uncounted).toEqual([[31, 32]]);
  });

  it("leave out every enrolled organization's platform-wide", async () => {
    const { pagesService, asked, uncounted, acrossAsked } = service();
    await pagesService.progress({ userId: 1, organizationId: 1, role: 'super_admin' } as Actor);
    expect(uncounted).toEqual([[31, 32, 41]]);
    // One identity call for every organization, not two per organization.
    expect(asked).toEqual([]);
    expect(acrossAsked).toEqual([[7, 8]]);
  });

  it('ask identity at most 1,000 organizations a call, however many have enrolments', async () => {
    const enrolled = Array.from({ length: 2500 }, (_, at) => at + 1);
    const { pagesService, asked, uncounted, acrossAsked } = service(enrolled);
    await pagesService.progress({ userId: 1, organizationId: 1, role: 'super_admin' } as Actor);
    expect(asked).toEqual([]);
    expect(acrossAsked.map((batch) => batch.length)).toEqual([1000, 1000, 500]);
    expect(uncounted).toEqual([[31, 32, 41]]);
  });
});
