import type { Block, ListItem } from './blocks.ts';
import { roundSize, type PageLine, type TextLine } from './lines.ts';

/** Lines this much larger than the body text are headings. */
const HEADING_RATIO = 1.15;
const MAX_HEADING_CHARS = 150;
/** Baseline distance (in font sizes) above which a new paragraph starts. */
const PARAGRAPH_GAP_EM = 1.75;

const ORDERED_MARKER = /^(\d{1,3}[.)])\s+(\S.*)$/;
const BULLET_MARKER = /^([•●○◦▪▫■□‣⁃∙·*–-])\s*(\S.*)$/;
const PAGE_NUMBER = /^(page\s*)?\d{1,4}(\s*(of|\/)\s*\d{1,4})?$|^[-–]\s*\d{1,4}\s*[-–]$/i;
const SENTENCE_END = /[.!?:;]["')\]]?$/;

export interface DocumentStyle {
  bodySize: number;
  /** Heading font sizes, largest first; index + 1 is the level. */
  headingSizes: number[];
}

const textLines = (pages: PageLine[][]) =>
  pages.flat().filter((line): line is TextLine => line.kind === 'text');

/** The body size is the size most text is set in; larger sizes (at most 3) are heading levels. */
export function analyseStyle(pages: PageLine[][]): DocumentStyle {
  const weights = new Map<number, number>();
  for (const line of textLines(pages)) {
    weights.set(line.fontSize, (weights.get(line.fontSize) ?? 0) + line.text.length);
  }
  const bodySize = [...weights.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const candidates = [...weights.keys()]
    .filter((size) => size >= bodySize * HEADING_RATIO)
    .filter((size) =>
      textLines(pages).some(
        (line) => line.fontSize === size && line.text.length <= MAX_HEADING_CHARS,
      ),
    )
    .sort((a, b) => b - a);
  const headingSizes: number[] = [];
  for (const size of candidates) {
    const last = headingSizes.at(-1);
    if (last === undefined || size < last / 1.08) headingSizes.push(size);
  }
  return { bodySize, headingSizes: headingSizes.slice(0, 3) };
}

const recurringKey = (text: string) => text.toLowerCase().replace(/\d+/g, '#').trim();

/**
 * Running headers and footers (the same text at the top or bottom of many pages) and bare page
 * numbers are removed, so they do not break paragraphs that run across pages.
 */
export function removePageFurniture(pages: PageLine[][]): PageLine[][] {
  const edges = (page: PageLine[]) => {
    const text = page.filter((line): line is TextLine => line.kind === 'text');
    return text.filter((_, i) => i < 2 || i >= text.length - 2);
  };
  const counts = new Map<string, number>();
  for (const page of pages) {
    const keys = new Set(edges(page).map((line) => recurringKey(line.text)));
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const recurring = (key: string) =>
    pages.length >= 3 && (counts.get(key) ?? 0) >= Math.max(3, pages.length * 0.4);
  return pages.map((page) => {
    const edgeLines = new Set<PageLine>(edges(page));
    return page.filter((line) => {
      if (!edgeLines.has(line) || line.kind !== 'text') return true;
      return !PAGE_NUMBER.test(line.text.trim()) && !recurring(recurringKey(line.text));
    });
  });
}

function headingLevel(line: TextLine, style: DocumentStyle): 1 | 2 | 3 | null {
  if (line.text.length > MAX_HEADING_CHARS || !/\p{L}/u.test(line.text)) return null;
  if (line.fontSize >= style.bodySize * HEADING_RATIO) {
    const index = style.headingSizes.findIndex((size) => line.fontSize >= size / 1.08);
    return (index >= 0 ? index + 1 : 3) as 1 | 2 | 3;
  }
  const boldLabel =
    line.bold &&
    line.fontSize >= style.bodySize * 0.95 &&
    line.text.length <= 80 &&
    line.cells.length === 1 &&
    !/[.,;]$/.test(line.text) &&
    !ORDERED_MARKER.test(line.text) &&
    !BULLET_MARKER.test(line.text);
  return boldLabel ? (Math.min(3, style.headingSizes.length + 1) as 1 | 2 | 3) : null;
}

/** Joins wrapped lines: a word hyphenated at the line end is made whole again. */
export function joinWrapped(before: string, after: string): string {
  if (before === '') return after;
  if (/\u00AD$/.test(before)) return before.slice(0, -1) + after;
  if (/\p{L}-$/u.test(before) && /^\p{Ll}/u.test(after)) return before.slice(0, -1) + after;
  return `${before} ${after}`;
}

const isTableRow = (line: TextLine) =>
  line.cells.length >= 2 &&
  line.cells.every((cell) => cell.text.length <= 60) &&
  !ORDERED_MARKER.test(line.text) &&
  !BULLET_MARKER.test(line.text);

/** Rows whose cells start at the same places, at least two rows of at least two columns. */
function sameColumns(rows: TextLine[]): boolean {
  const first = rows[0]!;
  return rows.every(
    (row) =>
      row.cells.length === first.cells.length &&
      row.cells.every((cell, i) => Math.abs(cell.x - first.cells[i]!.x) <= row.fontSize * 1.5),
  );
}

/** Builds the blocks of one page from its lines in reading order. */
class PageBuilder {
  readonly blocks: Block[] = [];
  private previous: TextLine | null = null;
  private tableRows: TextLine[] = [];
  /** The left edge of the text of the list item being read, for continuation lines. */
  private itemTextX = 0;

  private readonly style: DocumentStyle;
  private readonly textRight: number;

  constructor(style: DocumentStyle, textRight: number) {
    this.style = style;
    this.textRight = textRight;
  }

  add(line: PageLine): void {
    if (line.kind === 'figure') {
      this.flushTable();
      this.blocks.push({
        kind: 'figure',
        imageNumber: line.figure.imageNumber,
        page: line.figure.page,
        format: line.figure.format,
      });
      this.previous = null;
      return;
    }
    if (isTableRow(line) && this.headingOf(line) === null) {
      const run = [...this.tableRows, line];
      if (this.tableRows.length === 0 || sameColumns(run)) {
        this.tableRows = run;
        this.previous = line;
        return;
      }
      this.flushTable();
      this.tableRows = [line];
      this.previous = line;
      return;
    }
    this.flushTable();
    this.addText(line);
    this.previous = line;
  }

  finish(): Block[] {
    this.flushTable();
    return this.blocks;
  }

  private headingOf(line: TextLine) {
    return headingLevel(line, this.style);
  }

  private flushTable(): void {
    const rows = this.tableRows;
    this.tableRows = [];
    if (rows.length >= 2) {
      this.blocks.push({ kind: 'table', rows: rows.map((row) => row.cells.map((c) => c.text)) });
      this.previous = null;
    } else {
      // A lone row with gaps is ordinary text, e.g. a label and its value.
      for (const row of rows) this.addText(row);
    }
  }

  private addText(line: TextLine): void {
    const last = this.blocks.at(-1);
    const level = this.headingOf(line);
    if (level !== null) {
      const continues =
        last?.kind === 'heading' && last.level === level && this.isNear(line, 1.6) === true;
      if (continues) last.text = joinWrapped(last.text, line.text);
      else this.blocks.push({ kind: 'heading', level, text: line.text });
      return;
    }
    const ordered = ORDERED_MARKER.exec(line.text);
    const bullet = ordered ? null : BULLET_MARKER.exec(line.text);
    const marker = ordered ?? bullet;
    if (marker) {
      this.addListItem(line, Boolean(ordered), { marker: marker[1]!, text: marker[2]! });
      return;
    }
    if (last?.kind === 'list' && this.continuesItem(line)) {
      const item = last.items.at(-1)!;
      item.text = joinWrapped(item.text, line.text);
      return;
    }
    if (last?.kind === 'paragraph' && this.continuesParagraph(line, last.text)) {
      last.text = joinWrapped(last.text, line.text);
      return;
    }
    this.blocks.push({ kind: 'paragraph', text: line.text });
  }

  private addListItem(line: TextLine, ordered: boolean, item: ListItem): void {
    const last = this.blocks.at(-1);
    const markerWidth = (line.right - line.x) * (item.marker.length / line.text.length);
    this.itemTextX = line.x + markerWidth;
    if (last?.kind === 'list' && last.ordered === ordered) last.items.push(item);
    else this.blocks.push({ kind: 'list', ordered, items: [item] });
  }

  /** Whether the line is within `em` line heights below the previous one (null: no previous). */
  private isNear(line: TextLine, em: number): boolean | null {
    if (!this.previous) return null;
    const distance = this.previous.y - line.y;
    return distance > 0 && distance <= em * Math.max(line.fontSize, this.previous.fontSize);
  }

  private continuesItem(line: TextLine): boolean {
    return this.isNear(line, PARAGRAPH_GAP_EM) === true && line.x >= this.itemTextX - 2;
  }

  private continuesParagraph(line: TextLine, text: string): boolean {
    const previous = this.previous;
    if (!previous) return false;
    const sameSize = Math.abs(line.fontSize - previous.fontSize) <= previous.fontSize * 0.15;
    if (!sameSize) return false;
    const endsShort = previous.right < this.textRight - previous.fontSize * 4;
    if (endsShort && SENTENCE_END.test(text)) return false;
    if (this.isNear(line, PARAGRAPH_GAP_EM)) return true;
    // A column break inside a sentence: the text goes on in the next column.
    return !SENTENCE_END.test(text) && /^\p{Ll}/u.test(line.text);
  }
}

/** The blocks of one page. */
export function pageBlocks(lines: PageLine[], style: DocumentStyle): Block[] {
  const bodyRights = lines
    .filter((line): line is TextLine => line.kind === 'text')
    .filter((line) => roundSize(line.fontSize) === style.bodySize)
    .map((line) => line.right);
  const builder = new PageBuilder(style, bodyRights.length > 0 ? Math.max(...bodyRights) : 0);
  for (const line of lines) builder.add(line);
  return builder.finish();
}

/** Joins pages: a sentence or a list broken by a page break goes on as one. */
export function joinPages(pages: Block[][]): Block[] {
  const blocks: Block[] = [];
  for (const page of structuredClone(pages)) {
    const [first, ...rest] = page;
    const last = blocks.at(-1);
    if (
      first?.kind === 'paragraph' &&
      last?.kind === 'paragraph' &&
      !SENTENCE_END.test(last.text) &&
      /^\p{Ll}/u.test(first.text)
    ) {
      last.text = joinWrapped(last.text, first.text);
      blocks.push(...rest);
    } else if (first?.kind === 'list' && last?.kind === 'list' && first.ordered === last.ordered) {
      last.items.push(...first.items);
      blocks.push(...rest);
    } else {
      blocks.push(...page);
    }
  }
  return blocks;
}

/** Text structure of a document from its pages' lines in reading order. */
export function structureDocument(pages: PageLine[][]): Block[][] {
  const cleaned = removePageFurniture(pages);
  const style = analyseStyle(cleaned);
  return cleaned.map((lines) => pageBlocks(lines, style));
}
