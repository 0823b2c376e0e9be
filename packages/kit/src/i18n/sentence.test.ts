import { describe, expect, it } from 'vitest';
import { endingSentence } from './sentence.js';

describe('endingSentence', () => {
  it('adds the full stop a name lacks, never a second one', () => {
    expect(endingSentence('Acme Foods')).toBe('Acme Foods.');
    expect(endingSentence('Acme Manufacturing S.A.')).toBe('Acme Manufacturing S.A.');
    expect(endingSentence('Yahoo!')).toBe('Yahoo!');
    expect(endingSentence('Acme Corp. ')).toBe('Acme Corp.');
  });
});
