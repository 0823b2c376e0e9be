import type { CameraAssignment, IntegrationTestStatus, SopChoice } from '@hub/proto';
import type { BadgeTone } from '../ui/Badge';

/** The camera-system card's badge for the last connection test. */
export function testStatusBadge(status: IntegrationTestStatus | undefined): {
  label: string;
  tone: BadgeTone;
} {
  if (status === 'success') return { label: 'Connected', tone: 'green' };
  if (status === 'failed') return { label: 'Failed', tone: 'red' };
  return { label: 'Not Tested', tone: 'neutral' };
}

/** 'N SOPs selected', or 'Select SOPs' when none is. */
export function sopCountLabel(count: number): string {
  return count === 0 ? 'Select SOPs' : `${count} SOP${count === 1 ? '' : 's'} selected`;
}

/** SOP choices whose title holds the search text, case-insensitively. */
export function filterSops(sops: readonly SopChoice[], search: string): SopChoice[] {
  const needle = search.trim().toLowerCase();
  return needle ? sops.filter((sop) => sop.title.toLowerCase().includes(needle)) : [...sops];
}

/** Whether two id lists hold the same ids, in any order. */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const left = new Set(a);
  return left.size === new Set(b).size && b.every((id) => left.has(id));
}

/** The latest snapshot of a camera in words: who was seen, or why it failed. */
export function lastSnapshotText(last: CameraAssignment['lastSnapshot']): string {
  if (!last) return 'No snapshot yet';
  if (last.status === 'pending') return 'Identifying the latest snapshot...';
  if (last.status === 'failed') return `Last snapshot failed: ${last.reason ?? 'no reason given'}`;
  return `Last snapshot: ${last.peopleSeen} ${last.peopleSeen === 1 ? 'person' : 'people'} identified`;
}
