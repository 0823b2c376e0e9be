import type { StepChange, VersionDiff, WordChange } from '@hub/proto';

/** One heading, step or other block of the PDF worker's structured markdown. */
export interface SopBlock {
  kind: StepChange['kind'];
  /** As shown: with its list number or bullet, without markdown escapes. */
  display: string;
  /** What is compared: the words without numbering, case or spacing differences. */
  key: string;
  section: string | null;
}

const HEADING = /^(#{1,6})\s+(.*)$/;
/** Ordered markers the worker writes ('1.', '2)', 'a.') and bullets ('-', '*', '+'). */
const LIST_ITEM = /^(?:(\d{1,3}|[a-zA-Z])\\?[.)]|[-*+])\s+(.*)$/;
const TABLE_RULE = /^\|(\s*:?-{3,}:?\s*\|)+$/;

/** Undoes the worker's escaping of markdown characters, so words compare as written. */
const unescape = (text: string) => text.replace(/\\([\\`*_[\]<>|#+\-.)])/g, '$1');

/** Words without numbering or case, for recognising the same step after renumbering. */
export const keyOf = (text: string) =>
  unescape(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}°%]+/gu, ' ')
    .trim();

/**
 * Splits the worker's markdown into blocks: each heading, each list item (a step), each table
 * row and each paragraph; figures are left out (they have no words to compare).
 */
export function parseSopMarkdown(markdown: string): SopBlock[] {
  const blocks: SopBlock[] = [];
  let section: string | null = null;
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length === 0) return;
    const text = unescape(paragraph.join(' '));
    paragraph = [];
    if (keyOf(text) !== '') blocks.push({ kind: 'text', display: text, key: keyOf(text), section });
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('![')) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const text = unescape(heading[2]!);
      section = text;
      blocks.push({ kind: 'heading', display: text, key: keyOf(text), section: null });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      flush();
      const marker = item[1] ? `${item[1]}. ` : '• ';
      const text = unescape(item[2]!);
      blocks.push({ kind: 'step', display: `${marker}${text}`, key: keyOf(text), section });
      continue;
    }
    if (line.startsWith('|')) {
      flush();
      if (TABLE_RULE.test(line)) continue;
      const cells = line
        .slice(1, line.endsWith('|') ? -1 : undefined)
        .split(/(?<!\\)\|/)
        .map((cell) => unescape(cell.trim()));
      const text = cells.join(' | ');
      if (keyOf(text) !== '')
        blocks.push({ kind: 'text', display: text, key: keyOf(text), section });
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

/** Beyond this many cells the alignment is not worth its memory: changed blocks go unpaired. */
const MAX_ALIGNMENT_CELLS = 16_000_000;

type Pair = [number, number];

/** Longest common subsequence of two sequences under `same`, as index pairs in order. */
function commonSubsequence<T>(
  a: readonly T[],
  b: readonly T[],
  same: (x: T, y: T) => boolean,
): Pair[] {
  let start = 0;
  while (start < a.length && start < b.length && same(a[start]!, b[start]!)) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && same(a[endA - 1]!, b[endB - 1]!)) {
    endA -= 1;
    endB -= 1;
  }
  const pairs: Pair[] = [];
  for (let i = 0; i < start; i++) pairs.push([i, i]);
  const n = endA - start;
  const m = endB - start;
  if (n > 0 && m > 0 && (n + 1) * (m + 1) <= MAX_ALIGNMENT_CELLS) {
    // lengths[i][j]: LCS of a[start+i..endA) and b[start+j..endB), stored row-major.
    const width = m + 1;
    const lengths = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lengths[i * width + j] = same(a[start + i]!, b[start + j]!)
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (same(a[start + i]!, b[start + j]!)) {
        pairs.push([start + i, start + j]);
        i += 1;
        j += 1;
      } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) i += 1;
      else j += 1;
    }
  }
  for (let k = 0; k < a.length - endA; k++) pairs.push([endA + k, endB + k]);
  return pairs;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** Share of words two blocks have in common (0 to 1), for pairing a changed step with its old form. */
export function similarity(a: string, b: string): number {
  const left = words(a);
  const right = words(b);
  if (left.length === 0 || right.length === 0) return 0;
  const common = commonSubsequence(left, right, (x, y) => x === y).length;
  return (2 * common) / (left.length + right.length);
}

/** Blocks at least this similar are one block changed, not one removed and another added. */
export const CHANGED_THRESHOLD = 0.5;

/** The words of a changed block, with the runs that were removed and added marked. */
export function diffWords(before: string, after: string): WordChange[] {
  const left = words(before);
  const right = words(after);
  const normal = (word: string) => word.toLowerCase();
  const pairs = commonSubsequence(left, right, (x, y) => normal(x) === normal(y));
  const changes: WordChange[] = [];
  const push = (change: WordChange['change'], list: string[]) => {
    if (list.length === 0) return;
    const last = changes[changes.length - 1];
    if (last?.change === change) last.text = `${last.text} ${list.join(' ')}`;
    else changes.push({ change, text: list.join(' ') });
  };
  let i = 0;
  let j = 0;
  for (const [pi, pj] of [...pairs, [left.length, right.length] as Pair]) {
    push('removed', left.slice(i, pi));
    push('added', right.slice(j, pj));
    if (pi < left.length) push('same', [right[pj]!]);
    i = pi + 1;
    j = pj + 1;
  }
  return changes;
}

/** A block of either version, with its counterpart in the other and what became of it. */
export interface AlignedBlock {
  before: SopBlock | null;
  after: SopBlock | null;
  status: StepChange['status'];
}

/**
 * Pairs the blocks removed and added between two unchanged stretches: a removed and an added
 * block of the same kind that share most of their words are one changed block.
 */
function pairGap(before: SopBlock[], after: SopBlock[]): AlignedBlock[] {
  const out: AlignedBlock[] = [];
  let j = 0;
  for (const old of before) {
    let match = -1;
    for (let k = j; k < after.length; k++) {
      if (after[k]!.kind === old.kind && similarity(old.key, after[k]!.key) >= CHANGED_THRESHOLD) {
        match = k;
        break;
      }
    }
    if (match === -1) {
      out.push({ before: old, after: null, status: 'removed' });
      continue;
    }
    for (; j < match; j++) out.push({ before: null, after: after[j]!, status: 'added' });
    out.push({ before: old, after: after[match]!, status: 'changed' });
    j = match + 1;
  }
  for (; j < after.length; j++) out.push({ before: null, after: after[j]!, status: 'added' });
  return out;
}

/** The list number or bullet `parseSopMarkdown` puts before a step's words. */
const STEP_MARKER = /^(?:(?:\d{1,3}|[a-zA-Z])\.|•) /;

/**
 * The marked words of a changed block. A step's number is not one of its words: renumbering
 * (a step added or removed above it) is not marked, and the step is shown with its new number.
 */
function changedWords(before: SopBlock, after: SopBlock): WordChange[] {
  const marker = after.kind === 'step' ? (STEP_MARKER.exec(after.display)?.[0] ?? '') : '';
  if (marker === '') return diffWords(before.display, after.display);
  const changes = diffWords(
    before.display.replace(STEP_MARKER, ''),
    after.display.slice(marker.length),
  );
  const first = changes[0];
  if (first?.change === 'same') first.text = `${marker}${first.text}`;
  else changes.unshift({ change: 'same', text: marker.trim() });
  return changes;
}

function change({ before, after, status }: AlignedBlock): StepChange {
  const block = (after ?? before)!;
  return {
    kind: block.kind,
    status,
    section: block.section,
    before: before?.display ?? null,
    after: after?.display ?? null,
    words: status === 'changed' ? changedWords(before!, after!) : null,
  };
}

/**
 * Aligns two versions' blocks: unchanged blocks (renumbered steps included) are aligned first,
 * then what lies between is paired into changed blocks where the words mostly agree, and the
 * rest is added or removed.
 */
export function alignSop(before: SopBlock[], after: SopBlock[]): AlignedBlock[] {
  const anchors = commonSubsequence(before, after, (x, y) => x.kind === y.kind && x.key === y.key);
  const aligned: AlignedBlock[] = [];
  let i = 0;
  let j = 0;
  for (const [pi, pj] of [...anchors, [before.length, after.length] as Pair]) {
    aligned.push(...pairGap(before.slice(i, pi), after.slice(j, pj)));
    if (pi < before.length)
      aligned.push({ before: before[pi]!, after: after[pj]!, status: 'unchanged' });
    i = pi + 1;
    j = pj + 1;
  }
  return aligned;
}

/** Compares two versions' structured markdown block by block (see `alignSop`). */
export function diffSop(
  beforeMarkdown: string,
  afterMarkdown: string,
): Pick<VersionDiff, 'changes' | 'summary'> {
  const changes = alignSop(parseSopMarkdown(beforeMarkdown), parseSopMarkdown(afterMarkdown)).map(
    change,
  );
  const count = (status: StepChange['status']) =>
    changes.filter((entry) => entry.status === status).length;
  return {
    changes,
    summary: {
      added: count('added'),
      removed: count('removed'),
      changed: count('changed'),
      unchanged: count('unchanged'),
    },
  };
}
