import type { Block, FigureFormat } from './blocks.ts';

export const imageId = (imageNumber: number) => `img-${imageNumber}`;
/** The stored file's extension says its type (storage serves it by the key's extension). */
export const imageFileName = (imageNumber: number, format: FigureFormat = 'png') =>
  `${imageId(imageNumber)}.${format === 'jpeg' ? 'jpg' : 'png'}`;
/** The content type a figure is stored with. */
export const imageContentType = (format: FigureFormat) =>
  format === 'jpeg' ? 'image/jpeg' : 'image/png';

const escapeInline = (text: string) => text.replace(/[\\`*_[\]<>]/g, '\\$&');

/** Escapes what markdown would read as formatting, so the text shows as written. */
export function escapeMarkdown(text: string): string {
  return escapeInline(text)
    .replace(/^([#+-])(?=\s)/, '\\$1')
    .replace(/^(\d+)([.)])(\s)/, '$1\\$2$3');
}

const escapeCell = (text: string) => escapeInline(text).replace(/\|/g, '\\|');

function tableMarkdown(rows: string[][]): string {
  const width = Math.max(...rows.map((row) => row.length));
  const cells = (row: string[]) =>
    Array.from({ length: width }, (_, i) => escapeCell(row[i] ?? ''));
  const line = (row: string[]) => `| ${cells(row).join(' | ')} |`;
  const [header, ...body] = rows;
  return [line(header!), `|${' --- |'.repeat(width)}`, ...body.map(line)].join('\n');
}

function blockMarkdown(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `${'#'.repeat(block.level)} ${escapeMarkdown(block.text)}`;
    case 'paragraph':
      return escapeMarkdown(block.text);
    case 'list':
      return block.items
        .map((item) => `${block.ordered ? item.marker : '-'} ${escapeMarkdown(item.text)}`)
        .join('\n');
    case 'table':
      return tableMarkdown(block.rows);
    case 'figure':
      return `![Figure ${block.imageNumber} (page ${block.page})](${imageFileName(block.imageNumber, block.format)})`;
  }
}

export function toMarkdown(blocks: Block[]): string {
  return blocks.map(blockMarkdown).join('\n\n') + '\n';
}

function blockText(block: Block): string | null {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
      return block.text;
    case 'list':
      return block.items
        .map((item) => `${block.ordered ? item.marker : '•'} ${item.text}`)
        .join('\n');
    case 'table':
      return block.rows.map((row) => row.join('\t')).join('\n');
    case 'figure':
      return null;
  }
}

/** Plain text for search and evaluation generation: the words without markup or figures. */
export function toPlainText(blocks: Block[]): string {
  const parts = blocks.map(blockText).filter((text): text is string => text !== null);
  return parts.join('\n\n') + '\n';
}

/** Whether the document holds any words at all (figures alone do not count). */
export const hasText = (blocks: Block[]) =>
  blocks.some((block) => (blockText(block) ?? '').trim() !== '');
