import { describe, expect, it } from 'vitest';
import { SUGGESTION_CODES, SUGGESTIONS, suggestionOf, suggestionText } from './suggestions.js';
import { SUGGESTIONS_ES } from './suggestions-es.js';
import { SUGGESTIONS_FR } from './suggestions-fr.js';

const partsOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();

describe('the suggestions the services write', () => {
  it('are each found by their own code, with the parts filled in', () => {
    for (const code of SUGGESTION_CODES) {
      const filled = SUGGESTIONS[code].replace(/\{(\w+)\}/g, 'x');
      expect(suggestionOf(filled)?.code, code).toBe(code);
    }
    expect(suggestionOf(suggestionText('camera_page_size', { pageMin: '10' }))).toEqual({
      code: 'camera_page_size',
      params: { pageMin: '10' },
    });
  });

  it('read a fixed sentence before a sentence with a part, and no other text', () => {
    expect(suggestionOf('Try again later.')?.code).toBe('try_again_later');
    expect(suggestionOf('Contact the vendor.')).toBeUndefined();
  });

  it('are worded in each language with the parts English has', () => {
    for (const table of [SUGGESTIONS_ES, SUGGESTIONS_FR]) {
      expect(Object.keys(table).sort()).toEqual([...SUGGESTION_CODES].sort());
      for (const code of SUGGESTION_CODES) {
        expect(partsOf(table[code]), code).toEqual(partsOf(SUGGESTIONS[code]));
      }
    }
  });
});
