/**
 * Splits an SOP into chunks of at most `maxChars`, along its structure: whole sections where
 * they fit, then paragraphs, then sentences; a section split in parts repeats its heading.
 */
export function splitIntoChunks(markdown: string, maxChars: number): string[] {
  const text = markdown.trim();
  if (text === '') return [];
  if (text.length <= maxChars) return [text];
  const pieces = sections(text).flatMap((section) => splitSection(section, maxChars));
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current !== '' && current.length + 2 + piece.length > maxChars) {
      chunks.push(current);
      current = '';
    }
    current = current === '' ? piece : `${current}\n\n${piece}`;
  }
  if (current !== '') chunks.push(current);
  return chunks;
}

function sections(text: string): string[] {
  const found: string[] = [];
  let lines: string[] = [];
  for (const line of text.split('\n')) {
    if (/^#{1,6}\s/.test(line) && lines.some((l) => l.trim() !== '')) {
      found.push(lines.join('\n').trim());
      lines = [];
    }
    lines.push(line);
  }
  found.push(lines.join('\n').trim());
  return found.filter((section) => section !== '');
}

function splitSection(section: string, maxChars: number): string[] {
  if (section.length <= maxChars) return [section];
  const heading = /^#{1,6}\s.*$/m.exec(section)?.index === 0 ? section.split('\n')[0]! : '';
  const prefix = heading ? `${heading} (continued)\n\n` : '';
  const room = Math.max(1, maxChars - prefix.length);
  const body = heading ? section.slice(heading.length).trim() : section;
  const units = body
    .split(/\n\s*\n/)
    .flatMap((paragraph) =>
      paragraph.length <= room ? [paragraph] : splitParagraph(paragraph, room),
    );
  const parts: string[] = [];
  let current = '';
  for (const unit of units) {
    if (current !== '' && current.length + 2 + unit.length > room) {
      parts.push(current);
      current = '';
    }
    current = current === '' ? unit : `${current}\n\n${unit}`;
  }
  if (current !== '') parts.push(current);
  return parts.map((part, index) =>
    index === 0 && heading ? `${heading}\n\n${part}` : `${prefix}${part}`,
  );
}

function splitParagraph(paragraph: string, room: number): string[] {
  const parts: string[] = [];
  let current = '';
  for (const sentence of paragraph.split(/(?<=[.!?])\s+/)) {
    for (let start = 0; start < sentence.length; start += room) {
      const piece = sentence.slice(start, start + room);
      if (current !== '' && current.length + 1 + piece.length > room) {
        parts.push(current);
        current = '';
      }
      current = current === '' ? piece : `${current} ${piece}`;
    }
  }
  if (current !== '') parts.push(current);
  return parts;
}
