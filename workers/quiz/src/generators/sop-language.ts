import type { Language } from '@hub/proto';

/**
 * The most frequent short words of each language the product speaks, chosen so that none is
 * common in the other two ("de" and "la" are both Spanish and French, so neither is here; "les",
 * "des", "est", "el", "los", "y" are). A procedure's text has dozens of them per page.
 */
const STOP_WORDS: Record<Language, ReadonlySet<string>> = {
  en: new Set(
    'the and of to is are be with for this that from must before after into your you it at by on or when if not'.split(
      ' ',
    ),
  ),
  es: new Set(
    'el los las del y es son con para por una uno al se lo como antes después debe deben cuando si su sus está hasta'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'le les des du et est sont avec pour par une au aux ce cette dans doit doivent avant après lorsque si sur votre vous pas ne'.split(
      ' ',
    ),
  ),
};

/** Fewer stop words than this, or no clear lead: too little text to tell, so English. */
const MIN_HITS = 8;
const MIN_LEAD = 1.5;

/**
 * The language an SOP is written in, from its text: the language whose stop words it uses most,
 * when it clearly leads; else English (what the generators wrote before they knew languages).
 */
export function detectSopLanguage(text: string): Language {
  const counts: Record<Language, number> = { en: 0, es: 0, fr: 0 };
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    for (const language of ['en', 'es', 'fr'] as const) {
      if (STOP_WORDS[language].has(word)) counts[language] += 1;
    }
  }
  const [first, second] = (Object.entries(counts) as [Language, number][]).sort(
    (a, b) => b[1] - a[1],
  );
  if (first![1] < MIN_HITS || first![1] < second![1] * MIN_LEAD) return 'en';
  return first![0];
}

/** The language a generator writes in: the one given, else the SOP text's. */
export function sopLanguage(input: { language?: Language; markdown: string; text: string }) {
  return (
    input.language ?? detectSopLanguage(input.text.trim() !== '' ? input.text : input.markdown)
  );
}
