import type { MemberFilter, MemberKey } from '@hub/proto';
import type { Member, Members } from '../team/members.js';

/** What the walk asks of identity: pages of named people by name (Members). */
export type PeopleReads = Pick<Members, 'page' | 'pageAfter'>;

/** One batch of the job function's holders, and what of it is read ahead, by name. */
interface Cursor {
  ids: number[];
  buffered: Member[];
  /** The last person read of the batch: the next page of it is after them. */
  after: MemberKey | undefined;
  done: boolean;
}

/**
 * A job function's people (the filter's `userIds`, any number) in identity's order, by name
 * then id, no message naming more than `batchSize` of them. Observation holds the function's
 * members; identity holds the names and their collation, which this side cannot reproduce (a
 * merge compared here could disagree with `ORDER BY name`, and so with the keyset `after`). So
 * the holders are split into batches of ids, each read ahead by name a few at a time
 * (memberPage with the batch's ids, after its last person read), and identity orders what is
 * read ahead, at most `batchSize` people, in one more memberPage: everyone up to the earliest
 * last-read person of a batch that has more is in its final place. A page at `offset` reads the
 * people before it (deep pages cost more calls; the first pages, which people read, few).
 */
export class FunctionPeople {
  private readonly cursors: Cursor[];
  private readonly share: number;
  private total: number | null = null;

  constructor(
    private readonly members: PeopleReads,
    private readonly filter: MemberFilter,
    batchSize: number,
  ) {
    const ids = [...new Set(filter.userIds ?? [])].sort((a, b) => a - b);
    this.cursors = [];
    for (let at = 0; at < ids.length; at += batchSize)
      this.cursors.push({
        ids: ids.slice(at, at + batchSize),
        buffered: [],
        after: undefined,
        done: false,
      });
    // What is read ahead of every batch is ordered in one call of at most batchSize people.
    this.share = Math.max(1, Math.floor(batchSize / Math.max(1, this.cursors.length)));
  }

  /** The filter's people among the holders: the batches' totals, read with their first pages. */
  async count(): Promise<number> {
    if (this.total === null) {
      const firsts = await Promise.all(
        this.cursors.map(async (cursor) => {
          const page = await this.members.page(this.batchFilter(cursor), 0, this.share);
          this.read(cursor, page.members);
          return page.total;
        }),
      );
      this.total = firsts.reduce((sum, n) => sum + n, 0);
    }
    return this.total;
  }

  /** The next `n` people by name (fewer at the end). */
  async take(n: number): Promise<Member[]> {
    await this.count();
    const taken: Member[] = [];
    while (taken.length < n) {
      await Promise.all(
        this.cursors
          .filter((cursor) => !cursor.done && cursor.buffered.length === 0)
          .map(async (cursor) =>
            this.read(
              cursor,
              (await this.members.pageAfter(this.batchFilter(cursor), cursor.after, this.share))
                .members,
            ),
          ),
      );
      const ahead = this.cursors.flatMap((cursor) => cursor.buffered);
      if (ahead.length === 0) break;
      taken.push(...(await this.settled(ahead, n - taken.length)));
    }
    return taken;
  }

  /** A page of the holders by name from `offset`, and how many the filter holds of them. */
  async page(offset: number, limit: number): Promise<{ members: Member[]; total: number }> {
    const total = await this.count();
    for (let skipped = 0; skipped < offset;) {
      const passed = await this.take(Math.min(offset - skipped, this.share * this.cursors.length));
      if (passed.length === 0) break;
      skipped += passed.length;
    }
    return { members: await this.take(limit), total };
  }

  /**
   * The people read ahead, ordered by identity; those in their final place (up to `most`)
   * taken out of the batches and answered. People no longer in the filter are dropped.
   */
  private async settled(ahead: Member[], most: number): Promise<Member[]> {
    const { members: ordered } = await this.members.page(
      { ...this.filter, userIds: ahead.map((person) => person.id) },
      0,
      ahead.length,
    );
    const place = new Map(ordered.map((person, index) => [person.id, index]));
    let end = ordered.length;
    for (const cursor of this.cursors) {
      cursor.buffered = cursor.buffered.filter((person) => place.has(person.id));
      if (cursor.done) continue;
      // A batch with more whose people read ahead all left the filter: it is read again first.
      const last = cursor.buffered.at(-1);
      end = Math.min(end, last ? (place.get(last.id) ?? 0) + 1 : 0);
    }
    const taken = ordered.slice(0, Math.min(end, most));
    const gone = new Set(taken.map((person) => person.id));
    for (const cursor of this.cursors)
      cursor.buffered = cursor.buffered.filter((person) => !gone.has(person.id));
    return taken;
  }

  private read(cursor: Cursor, people: Member[]) {
    cursor.buffered.push(...people);
    const last = people.at(-1);
    if (last) cursor.after = { name: last.name, id: last.id };
    cursor.done = people.length < this.share;
  }

  private batchFilter(cursor: Cursor): MemberFilter {
    return { ...this.filter, userIds: cursor.ids };
  }
}
