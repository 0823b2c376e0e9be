/**
 * Who of an organization's people seen on the floor identity last said is suspended: the
 * floor's own record, kept from identity's answers, for when identity cannot answer. Identity
 * publishes no event when someone is suspended or restored, so the record is only as fresh as
 * the last answer about each person; it holds the suspended alone (a few per organization).
 */
export class SuspensionRecord {
  private readonly suspended = new Map<number, Set<number>>();

  /** Identity's answer about `asked`: `suspended` of them are, the others are not (or gone). */
  learn(organizationId: number, asked: number[], suspended: number[]): void {
    const known = this.suspended.get(organizationId) ?? new Set<number>();
    for (const id of asked) known.delete(id);
    for (const id of suspended) known.add(id);
    if (known.size === 0) this.suspended.delete(organizationId);
    else this.suspended.set(organizationId, known);
  }

  /** Those of `seen` last known suspended; someone never asked about is not. */
  among(organizationId: number, seen: number[]): number[] {
    const known = this.suspended.get(organizationId);
    return known ? seen.filter((id) => known.has(id)) : [];
  }
}
