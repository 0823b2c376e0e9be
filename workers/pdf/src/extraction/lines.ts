import type { FigurePlacement, TextFragment } from './blocks.ts';

/** A run of text on one line separated from its neighbours by a wide gap (a table cell). */
export interface Cell {
  x: number;
  right: number;
  text: string;
}

export interface TextLine {
  kind: 'text';
  y: number;
  x: number;
  right: number;
  fontSize: number;
  bold: boolean;
  text: string;
  cells: Cell[];
}

export interface FigureLine {
  kind: 'figure';
  y: number;
  figure: FigurePlacement;
}

/** A page's content in reading order. */
export type PageLine = TextLine | FigureLine;

/** Gaps wider than this many font sizes separate table cells or page columns. */
const CELL_GAP_EM = 1.5;
/** Gaps wider than this many font sizes become a space when the text has none. */
const WORD_GAP_EM = 0.12;
const MIN_COLUMN_LINES = 6;

const PRIVATE_BULLETS = /[\uF0B7\uF0A7\uF076\uF0D8\uF0FC\uF06E\uF06C]/g;
// Control characters, replacement marks and private-use glyphs are what broken fonts emit.
const GARBAGE = /[\p{Cc}\uFFFD\uE000-\uF8FF]/gu;

/** Text as a reader would copy it: ligatures split, symbol-font bullets kept, garbage dropped. */
export function cleanText(text: string): string {
  return text
    .replace(PRIVATE_BULLETS, '•')
    .normalize('NFKC')
    .replace(/[\t\n\r\u00A0]/g, ' ')
    .replace(GARBAGE, '');
}

const endOf = (fragment: TextFragment) => fragment.x + fragment.width;

function groupIntoRows(fragments: TextFragment[]): TextFragment[][] {
  const sorted = [...fragments].sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: { y: number; size: number; fragments: TextFragment[] }[] = [];
  for (const fragment of sorted) {
    // Measured on the larger size, so superscripts and footnote marks stay on their line.
    const tolerance = 0.45 * Math.max(fragment.fontSize, rows.at(-1)?.size ?? fragment.fontSize);
    const row = rows.findLast((candidate) => Math.abs(candidate.y - fragment.y) <= tolerance);
    if (row) row.fragments.push(fragment);
    else rows.push({ y: fragment.y, size: fragment.fontSize, fragments: [fragment] });
  }
  return rows.map((row) => row.fragments.sort((a, b) => a.x - b.x));
}

function dominant<T>(fragments: TextFragment[], pick: (fragment: TextFragment) => T): T {
  const weights = new Map<T, number>();
  for (const fragment of fragments) {
    const value = pick(fragment);
    weights.set(value, (weights.get(value) ?? 0) + fragment.text.trim().length);
  }
  return [...weights.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

function toLine(fragments: TextFragment[]): TextLine {
  const fontSize = dominant(fragments, (fragment) => roundSize(fragment.fontSize));
  const cells: Cell[] = [];
  let previous: TextFragment | undefined;
  for (const fragment of fragments) {
    const gap = previous ? fragment.x - endOf(previous) : 0;
    const cell = cells.at(-1);
    if (!cell || gap > CELL_GAP_EM * fontSize) {
      cells.push({ x: fragment.x, right: endOf(fragment), text: fragment.text });
    } else {
      const needsSpace = gap > WORD_GAP_EM * fontSize && !/\s$/.test(cell.text);
      cell.text += (needsSpace && !/^\s/.test(fragment.text) ? ' ' : '') + fragment.text;
      cell.right = Math.max(cell.right, endOf(fragment));
    }
    previous = fragment;
  }
  for (const cell of cells) cell.text = cell.text.replace(/\s+/g, ' ').trim();
  const kept = cells.filter((cell) => cell.text !== '');
  return {
    kind: 'text',
    y: Math.max(...fragments.map((fragment) => fragment.y)),
    x: kept[0]?.x ?? 0,
    right: kept.at(-1)?.right ?? 0,
    fontSize,
    bold: dominant(fragments, (fragment) => fragment.bold),
    text: kept.map((cell) => cell.text).join(' '),
    cells: kept,
  };
}

export const roundSize = (size: number) => Math.round(size * 2) / 2;

/** Fragments of one page (one column) into lines from top to bottom. */
export function buildLines(fragments: TextFragment[]): TextLine[] {
  const usable = fragments
    .map((fragment) => ({ ...fragment, text: cleanText(fragment.text) }))
    .filter((fragment) => fragment.text.trim() !== '' && fragment.fontSize > 0);
  return groupIntoRows(usable)
    .map(toLine)
    .filter((line) => /[\p{L}\p{N}]/u.test(line.text));
}

/**
 * The x of the gutter of a two-column page, if it has one: many lines are split by a wide gap
 * at the same place with running text (not short table cells) on both sides.
 */
export function findGutter(lines: TextLine[]): number | null {
  const centres: number[] = [];
  for (const line of lines) {
    if (line.cells.length !== 2) continue;
    const [left, right] = line.cells as [Cell, Cell];
    if (left.text.length >= 20 && right.text.length >= 20) centres.push((left.right + right.x) / 2);
  }
  if (centres.length < Math.max(MIN_COLUMN_LINES, lines.length * 0.25)) return null;
  centres.sort((a, b) => a - b);
  const median = centres[Math.floor(centres.length / 2)]!;
  const near = centres.filter((centre) => Math.abs(centre - median) < 20);
  return near.length >= centres.length * 0.6 ? median : null;
}

const byTopDown = (a: PageLine, b: PageLine) => b.y - a.y;

/** Text and figures of a page in reading order; two-column pages are read column by column. */
export function orderPage(fragments: TextFragment[], figures: FigurePlacement[]): PageLine[] {
  const figureLines: FigureLine[] = figures.map((figure) => ({
    kind: 'figure',
    y: figure.y,
    figure,
  }));
  const lines = buildLines(fragments);
  const gutter = findGutter(lines);
  if (gutter === null) return [...lines, ...figureLines].sort(byTopDown);

  const crosses = (x: number, right: number) => x < gutter && right > gutter;
  const spanning = buildLines(fragments.filter((f) => crosses(f.x, endOf(f))));
  const left = buildLines(fragments.filter((f) => !crosses(f.x, endOf(f)) && f.x < gutter));
  const right = buildLines(fragments.filter((f) => !crosses(f.x, endOf(f)) && f.x >= gutter));
  const spanningFigures = figureLines.filter((f) =>
    crosses(f.figure.x, f.figure.x + f.figure.width),
  );
  const inColumn = (line: FigureLine, leftColumn: boolean) =>
    !spanningFigures.includes(line) && line.figure.x < gutter === leftColumn;
  const columnTop = Math.max(...[...left, ...right].map((line) => line.y));
  const full = [...spanning, ...spanningFigures].sort(byTopDown);
  return [
    ...full.filter((line) => line.y > columnTop),
    ...[...left, ...figureLines.filter((line) => inColumn(line, true))].sort(byTopDown),
    ...[...right, ...figureLines.filter((line) => inColumn(line, false))].sort(byTopDown),
    ...full.filter((line) => line.y <= columnTop),
  ];
}
