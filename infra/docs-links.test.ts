// The documentation's links: every relative link and #anchor in README.md and docs/*.md must
// name a file that exists and, with an anchor, a heading of that file (GitHub's anchor slugs).
// The README stays short: at most 300 lines, the rest lives in docs/.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const README_MAX_LINES = 300;

const documents = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

/** The lines of a markdown file outside fenced code blocks, with their line numbers. */
function proseLines(text: string): { line: string; number: number }[] {
  const lines: { line: string; number: number }[] = [];
  let fence: string | undefined;
  text.split('\n').forEach((line, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      return;
    }
    if (fence === undefined) lines.push({ line, number: index + 1 });
  });
  return lines;
}

/** Inline code spans taken out, so a `[a](b)` inside one is not a link. */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)(?:(?!\1).)+?\1/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a file offers: its headings' slugs (repeats numbered as GitHub does). */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { line } of proseLines(readFileSync(file, 'utf8'))) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

interface Link {
  document: string;
  line: number;
  target: string;
}

function linksOf(document: string): Link[] {
  const links: Link[] = [];
  const text = readFileSync(path.join(ROOT, document), 'utf8');
  for (const { line, number } of proseLines(text)) {
    for (const match of withoutCodeSpans(line).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g))
      if (match[1]) links.push({ document, line: number, target: match[1] });
  }
  return links;
}

/** Why a link leads nowhere, or undefined when it leads somewhere. */
function brokenLink(link: Link): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link.target)) return undefined; // http:, https:, mailto:
  const [filePart, anchor] = link.target.split('#', 2) as [string, string | undefined];
  const file = filePart
    ? path.resolve(path.dirname(path.join(ROOT, link.document)), decodeURIComponent(filePart))
    : path.join(ROOT, link.document);
  if (!existsSync(file)) return `no file ${path.relative(ROOT, file)}`;
  if (anchor === undefined) return undefined;
  if (statSync(file).isDirectory() || !file.endsWith('.md'))
    return `an anchor into ${path.relative(ROOT, file)}, which has no headings`;
  if (!anchorsOf(file).has(decodeURIComponent(anchor).toLowerCase()))
    return `no heading #${anchor} in ${path.relative(ROOT, file)}`;
  return undefined;
}

describe('documentation', () => {
  it('makes GitHub anchors of headings', () => {
    expect(slug('Face identification on a GPU')).toBe('face-identification-on-a-gpu');
    expect(slug('What to scale, on which signal')).toBe('what-to-scale-on-which-signal');
    expect(slug('Restarts under `npm start`')).toBe('restarts-under-npm-start');
    expect(slug('"Today" is the UTC day')).toBe('today-is-the-utc-day');
    expect(slug('Theme: system (default)')).toBe('theme-system-default');
    expect(slug('snake_case and -dash')).toBe('snake_case-and--dash');
  });

  it('has a docs folder with the documents the README points to', () => {
    expect(documents.length).toBeGreaterThan(1);
  });

  it.each(documents)('%s: every relative link and anchor leads somewhere', (document) => {
    const broken = linksOf(document).flatMap((link) => {
      const why = brokenLink(link);
      return why ? [`${link.document}:${link.line}: (${link.target}) ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it(`keeps the README at ${README_MAX_LINES} lines or fewer`, () => {
    const lines = readFileSync(path.join(ROOT, 'README.md'), 'utf8').replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('links every docs/ file from the README', () => {
    const targets = new Set(
      linksOf('README.md').map((link) => (link.target.split('#')[0] ?? '').replace(/^\.\//, '')),
    );
    expect(documents.filter((d) => d !== 'README.md' && !targets.has(d))).toEqual([]);
  });
});
