import type { MemberFilter, MemberKey } from '@hub/proto';
import type { Member, Members } from '../team/members.js';

/** What the walk asks of identity: pages of named people by name, and keys' places (Members). */
export type PeopleReads = Pick<Members, 'page' | 'pageAfter' | 'ranks'>;

/** Rounds of memberRanks at most to find where a deep page starts (a few suffice). */
const PLACING_ROUNDS = 6;

/**
 * Where a deep page's first person lies: after `after` (none: from the first), each batch's
 * people up to `after` (`from`) and up to the earliest person known to be at or after the page
 * (`to`; the batch's total while none is).
 */
interface Span {
  after: MemberKey | undefined;
  from: number[];
  to: number[];
}

const key = (person: MemberKey): MemberKey => ({ name: person.name, id: person.id });
const sum = (counts: number[]) => counts.reduce((total, n) => total + n, 0);
/** The batches with people in the span. */
const openBatches = (span: Span) =>
  span.from.flatMap((from, batch) => (span.to[batch]! > from ? [batch] : []));

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
 * last-read person of a batch that has more is in its final place. A deep page starts the walk
 * just before itself (startNear: three calls a batch whatever its depth), not at the first holder.
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
    // Within what one ordering holds the walk is as cheap as placing it (a call a batch): walked.
    const deep = offset >= this.share * this.cursors.length;
    const passed = deep ? await this.startNear(offset) : 0;
    const total = await this.count();
    if (offset >= total) return { members: [], total };
    for (let skipped = passed; skipped < offset;) {
      const read = await this.take(Math.min(offset - skipped, this.share * this.cursors.length));
      if (read.length === 0) break;
      skipped += read.length;
    }
    return { members: await this.take(limit), total };
  }

  /**
   * Every batch's walk placed after one person shortly before `offset`, and how many people
   * that passes (0: the walk starts at the first, as where identity does not know memberRanks).
   * Each batch is asked its person at its share of `offset` and its total; then how many of its
   * people come up to each of those people (memberRanks), whose sums are their places. The
   * latest before `offset` and the earliest at or after it bound the page's first person; while
   * many people lie between and the walk would read them few at a time, the batches holding
   * them are asked a person each in between, and only they where those people fall.
   */
  private async startNear(offset: number): Promise<number> {
    const named = sum(this.cursors.map((cursor) => cursor.ids.length));
    const probes = await Promise.all(
      this.cursors.map((cursor) =>
        this.members.page(
          this.batchFilter(cursor),
          Math.floor((offset * cursor.ids.length) / named),
          1,
        ),
      ),
    );
    const totals = probes.map((probe) => probe.total);
    this.total = sum(totals);
    if (offset >= this.total) return 0;
    const span: Span = { after: undefined, from: totals.map(() => 0), to: totals };
    let keys = probes.flatMap((probe) => probe.members.map(key));
    for (let round = 1; ; round += 1) {
      if (keys.length > 0 && !(await this.narrow(span, keys, offset))) return 0;
      const gap = offset - sum(span.from);
      // Few people a batch to read past: the walk's first reads pass them. After the last
      // round no keys are asked: the walk reads the rest.
      if (gap <= this.share * openBatches(span).length || round === PLACING_ROUNDS) break;
      keys = await this.between(span, gap);
    }
    this.cursors.forEach((cursor, batch) => {
      cursor.after = span.after;
      cursor.done = span.from[batch]! >= totals[batch]!;
    });
    return sum(span.from);
  }

  /**
   * A person of each batch with people in the span, at its share of the `gap` people the walk
   * would pass: aimed at the gap's last, just before the page, whom the walk then starts after.
   */
  private async between(span: Span, gap: number): Promise<MemberKey[]> {
    const width = sum(span.to) - sum(span.from);
    const found = await Promise.all(
      openBatches(span).map(async (batch) => {
        const from = span.from[batch]!;
        const at = from + Math.floor(((gap - 1) * (span.to[batch]! - from)) / width);
        const { members } = await this.members.page(this.batchFilter(this.cursors[batch]!), at, 1);
        return members.map(key);
      }),
    );
    return found.flat();
  }

  /**
   * The span narrowed by these keys' places (false where identity does not know memberRanks).
   * The keys lie within the span, so a batch with none of its people in it has as many before
   * each key as before the span: only the others are asked. Each batch is asked its people up
   * to the key (those before the key with the next id), not those before it plus the key's own
   * person: one who left the filter since read would be counted, and the walk start early.
   */
  private async narrow(span: Span, keys: MemberKey[], offset: number): Promise<boolean> {
    const open = openBatches(span);
    const asked = await Promise.all(
      open.map((batch) =>
        this.members.ranks(
          this.batchFilter(this.cursors[batch]!),
          keys.map(({ name, id }) => ({ name, id: id + 1 })),
        ),
      ),
    );
    if (asked.some((ranks) => ranks === null)) return false;
    const answers = new Map(open.map((batch, at) => [batch, asked[at]!]));
    keys.forEach((found, k) => {
      const upTo = span.from.map((from, batch) => answers.get(batch)?.[k] ?? from);
      const place = sum(upTo) - 1;
      if (place < offset && place >= sum(span.from)) {
        span.after = found;
        span.from = upTo;
      } else if (place >= offset && place < sum(span.to) - 1) span.to = upTo;
    });
    return true;
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

  private batchFilter(cursor: Cursor): MemberFilter & { userIds: number[] } {
    return { ...this.filter, userIds: cursor.ids };
  }
}
