const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A table of sentences by code, each with `{name}` parts: filled in, and read back to its code. */
export interface SentenceCatalog<Code extends string> {
  /**
   * A sentence of the table with its `{name}` parts filled in, each once: a part's own text (a
   * camera named '{detail}') is never filled in again.
   */
  text(code: Code, parts?: Record<string, string>): string;
  /** The code of a sentence and its filled-in parts, or undefined for another text. */
  of(sentence: string): { code: Code; params: Record<string, string> } | undefined;
}

/**
 * The failure reasons' and the suggestions' catalogs read the same way: each sentence a
 * whole-text pattern, its `{name}` parts captured by name. Sentences without parts are tried
 * first, so 'The video has no frames.' is never read as a sentence with a part.
 */
export function sentenceCatalog<Code extends string>(
  table: Readonly<Record<Code, string>>,
): SentenceCatalog<Code> {
  const codes = Object.keys(table) as Code[];
  const patterns = codes
    .sort((a, b) => Number(table[a].includes('{')) - Number(table[b].includes('{')))
    .map((code) => ({
      code,
      pattern: new RegExp(`^${escaped(table[code]).replace(/\\\{(\w+)\\\}/g, '(?<$1>.+?)')}$`, 's'),
    }));
  return {
    text: (code, parts = {}) =>
      table[code].replace(/\{(\w+)\}/g, (whole, name: string) => parts[name] ?? whole),
    of(sentence) {
      const text = sentence.trim();
      for (const { code, pattern } of patterns) {
        const match = pattern.exec(text);
        if (match) return { code, params: { ...match.groups } };
      }
      return undefined;
    },
  };
}
