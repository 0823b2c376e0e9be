import type { FaceReference } from '@hub/proto';
import type { BadgeTone } from '../ui/Badge';

/** A list's figures: its references' statuses and the limit. */
interface Counted {
  references: readonly Pick<FaceReference, 'status'>[];
  limit: number;
}

const kept = (list: Counted) =>
  list.references.filter((reference) => reference.status !== 'rejected').length;

/** '2 of 5 reference photos'. */
export function referenceCountText(list: Counted): string {
  return `${kept(list)} of ${list.limit} reference photos`;
}

/** Whether another photo may be added (refused ones do not count). */
export function canAddReference(list: Counted): boolean {
  return kept(list) < list.limit;
}

export function referenceStatus(reference: Pick<FaceReference, 'status'>): {
  label: string;
  tone: BadgeTone;
} {
  if (reference.status === 'ready') return { label: 'In use', tone: 'green' };
  if (reference.status === 'checking') return { label: 'Checking', tone: 'amber' };
  return { label: 'Not usable', tone: 'red' };
}
