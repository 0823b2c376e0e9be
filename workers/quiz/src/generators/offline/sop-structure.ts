import type { Language } from '@hub/proto';
import { sopLanguage } from '../sop-language.ts';
export type NoticeKind = 'warning' | 'caution' | 'danger' | 'note' | 'important';

/** One thing the SOP says: a sentence of a paragraph, a list item, or a notice. */
export interface Passage {
  text: string;
  section: Section;
  /** The number written before a numbered step, null for everything else. */
  step: number | null;
  /** Which numbered list of its section the step belongs to (numbering may restart). */
  sequence: number;
  notice: NoticeKind | null;
}

export interface Section {
  heading: string | null;
  index: number;
  passages: Passage[];
}

export interface SopStructure {
  title: string;
  /** The language the SOP is written in: its questions are written in it too. */
  language: Language;
  sections: Section[];
  passages: Passage[];
  steps: Passage[];
  notices: Passage[];
  /** Passages that read as sentences of a procedure (isStatement), not labels or figures. */
  statements: Passage[];
  wordCount: number;
}

/**
 * A sentence or step of at least five words, mostly letters, not a field label ("nom:",
 * "année : 2019 page : 1/1"), a header, a page number or a row of figures.
 */
export function isStatement(text: string): boolean {
  const words = text.match(/\p{L}{2,}/gu)?.length ?? 0;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return words >= 5 && !/:\s*$/.test(text) && letters >= 0.6 * text.replace(/\s/g, '').length;
}

type Line =
  | { kind: 'blank' }
  | { kind: 'heading'; text: string }
  | { kind: 'step'; number: number; text: string }
  | { kind: 'bullet'; text: string }
  | { kind: 'text'; text: string };

const MARKDOWN_HEADING = /^(#{1,6})\s+(.+?)\s*#*$/;
const NUMBERED = /^(?:(?:step|paso|[ée]tape)\s+)?(\d{1,3})\s*[.):]\s+(.+)$/i;
const BULLET = /^[-*•▪◦‣·●○■□➢►]\s+(.+)$/;
const NOTICE =
  /^(?:⚠\s*)?(warning|caution|danger|note|important|advertencia|precauci[óo]n|peligro|nota|importante|atenci[óo]n|avertissement|attention|remarque)\s*(?:[:!.\-–—]\s*|\s+(?=\p{Lu}))(.*)$/iu;
/** The notice words of Spanish and French SOPs, as the kinds the English ones name. */
const NOTICE_KINDS: Record<string, NoticeKind> = {
  advertencia: 'warning',
  precaución: 'caution',
  precaucion: 'caution',
  atención: 'caution',
  atencion: 'caution',
  peligro: 'danger',
  nota: 'note',
  importante: 'important',
  avertissement: 'warning',
  attention: 'caution',
  remarque: 'note',
};
const TABLE_SEPARATOR = /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/;

/** The markup the PDF worker writes, removed so passages read as the SOP does. */
export function plainMarkdownLine(line: string): string {
  return line
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/\\([\\`*_[\]<>#+\-.|()!])/g, '$1');
}

const runningShape = (line: string) => line.toLowerCase().replace(/\d+/g, '#');

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function looksLikeHeading(line: string, previousBlank: boolean, nextBlank: boolean): boolean {
  if (!previousBlank || line.length > 70) return false;
  const words = line.split(/\s+/);
  if (words.length > 9 || !/^[\p{Lu}0-9]/u.test(line) || !/\p{L}{3}/u.test(line)) return false;
  if (/[,;]$/.test(line)) return false;
  if (/:$/.test(line)) return true;
  return nextBlank && !/[.!?]$/.test(line);
}

function classify(raw: string[], markdown: boolean): Line[] {
  const trimmed = raw.map((line) => collapse(markdown ? line : line.replace(/\f/g, '')));
  const repeats = new Map<string, number>();
  for (const line of trimmed) {
    const shape = runningShape(line);
    repeats.set(shape, (repeats.get(shape) ?? 0) + 1);
  }
  return trimmed.map((line, index): Line => {
    // Page headers and footers ("Page 3 of 12", "SOP-014 rev 2 … 3") repeat on every page.
    if (line.length <= 80 && (repeats.get(runningShape(line)) ?? 0) >= 3 && !NUMBERED.test(line)) {
      return { kind: 'blank' };
    }
    if (line === '') return { kind: 'blank' };
    const heading = markdown ? MARKDOWN_HEADING.exec(line) : null;
    if (heading) return { kind: 'heading', text: collapse(plainMarkdownLine(heading[2]!)) };
    const text = markdown ? collapse(plainMarkdownLine(line)) : line;
    if (text === '' || (markdown && TABLE_SEPARATOR.test(line))) return { kind: 'blank' };
    if (markdown && line.startsWith('|')) {
      const cells = text
        .replace(/^\||\|$/g, '')
        .split('|')
        .map(collapse);
      return { kind: 'bullet', text: cells.filter(Boolean).join(', ') };
    }
    const numbered = NUMBERED.exec(text);
    if (numbered) return { kind: 'step', number: Number(numbered[1]), text: numbered[2]! };
    const bullet = BULLET.exec(text);
    if (bullet) return { kind: 'bullet', text: bullet[1]! };
    const previousBlank = index === 0 || trimmed[index - 1] === '';
    const nextBlank = index === trimmed.length - 1 || trimmed[index + 1] === '';
    if (!markdown && looksLikeHeading(text, previousBlank, nextBlank)) {
      return { kind: 'heading', text: text.replace(/:$/, '') };
    }
    return { kind: 'text', text };
  });
}

/** Sentences of a paragraph; abbreviations like "e.g." rarely matter for questions. */
export function sentences(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[.!?])\s+(?=["'(¿¡«\p{Lu}0-9])/u)
    .map(collapse)
    .filter((sentence) => sentence.length > 0);
}

function noticeOf(text: string): { kind: NoticeKind; rest: string } | null {
  const match = NOTICE.exec(text);
  if (!match) return null;
  const word = match[1]!;
  // "Note that…" in running prose is not a notice; "NOTE:" or "Note:" is.
  if (word !== word.toUpperCase() && !/^\S+\s*[:!]/.test(text)) return null;
  const lower = word.toLowerCase();
  return { kind: NOTICE_KINDS[lower] ?? (lower as NoticeKind), rest: collapse(match[2] ?? '') };
}

/** Reads headings, numbered steps, notices and sentences from the SOP's markdown or text. */
export function parseSop(input: {
  title: string;
  markdown: string;
  text: string;
  language?: Language;
}): SopStructure {
  const markdown = input.markdown.trim() !== '';
  const lines = classify((markdown ? input.markdown : input.text).split(/\r?\n/), markdown);
  const sections: Section[] = [];
  let section: Section = { heading: null, index: 0, passages: [] };
  sections.push(section);
  let block: { lines: string[]; step: number | null; item: boolean } | null = null;
  let pendingNotice: NoticeKind | null = null;
  let sequence = 0;
  let lastStep = 0;

  const add = (text: string, step: number | null, notice: NoticeKind | null) => {
    if (text.trim() === '') return;
    section.passages.push({ text: collapse(text), section, step, sequence, notice });
  };
  const addBlock = (text: string, step: number | null, item: boolean) => {
    const notice = noticeOf(text);
    if (notice) {
      if (notice.rest === '') pendingNotice = notice.kind;
      else add(notice.rest, step, notice.kind);
      return;
    }
    if (pendingNotice) {
      add(text, step, pendingNotice);
      pendingNotice = null;
      return;
    }
    if (item) add(text, step, null);
    else for (const sentence of sentences(text)) add(sentence, null, null);
  };
  const flush = () => {
    if (block) addBlock(block.lines.join(' '), block.step, block.item);
    block = null;
  };

  for (const line of lines) {
    switch (line.kind) {
      case 'blank':
        flush();
        break;
      case 'heading':
        flush();
        pendingNotice = noticeOf(line.text)?.kind ?? null;
        if (pendingNotice) break;
        section = { heading: line.text, index: sections.length, passages: [] };
        sections.push(section);
        lastStep = 0;
        break;
      case 'step':
        flush();
        if (line.number <= lastStep || lastStep === 0) sequence += 1;
        lastStep = line.number;
        block = { lines: [line.text], step: line.number, item: true };
        break;
      case 'bullet':
        flush();
        block = { lines: [line.text], step: null, item: true };
        break;
      case 'text':
        // A wrapped line continues the step, item or paragraph above it.
        if (block) block.lines.push(line.text);
        else block = { lines: [line.text], step: null, item: false };
        break;
    }
  }
  flush();

  const used = sections.filter((s) => s.passages.length > 0);
  used.forEach((s, index) => (s.index = index));
  const passages = used.flatMap((s) => s.passages);
  const firstHeading = sections.find((s) => s.heading)?.heading;
  return {
    title: collapse(input.title) || firstHeading || 'SOP',
    language: sopLanguage(input),
    sections: used,
    passages,
    steps: passages.filter((p) => p.step !== null && p.notice === null),
    notices: passages.filter((p) => p.notice !== null),
    statements: passages.filter((p) => isStatement(p.text)),
    wordCount: passages.reduce((sum, p) => sum + (p.text.match(/\p{L}{2,}/gu)?.length ?? 0), 0),
  };
}
