import type { AuthoredQuestion } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { toStoredQuestions } from './evaluation-view.js';

const question = (text: string): AuthoredQuestion => ({
  text,
  category: 'Safety',
  options: ['Yes', 'No', 'Maybe'],
  correctIndex: 0,
  explanation: '',
  sourcePassage: '',
});

const ids = (questions: { id: string; text: string }[]) =>
  questions.map(({ id, text }) => [id, text]);

/**
 * Observations record answers by question id, and the reports count misses per (SOP, id): an id
 * must name one question for the evaluation's whole life, through edits and generations.
 */
describe('question ids across an edit or a new generation', () => {
  const stored = toStoredQuestions([question('Cool within?'), question('Store at?')]);

  it('numbers a first evaluation', () => {
    expect(ids(stored)).toEqual([
      ['q1', 'Cool within?'],
      ['q2', 'Store at?'],
    ]);
  });

  it('keeps the id of a question asked before, wherever it moved', () => {
    const edited = toStoredQuestions([question('Store at?'), question('Cool within?')], stored);
    expect(ids(edited)).toEqual([
      ['q2', 'Store at?'],
      ['q1', 'Cool within?'],
    ]);
  });

  it('never gives a new question the id of one removed or replaced', () => {
    const edited = toStoredQuestions(
      [question('Wear gloves?'), question('Store at?'), question('Label with?')],
      stored,
    );
    expect(ids(edited)).toEqual([
      ['q3', 'Wear gloves?'],
      ['q2', 'Store at?'],
      ['q4', 'Label with?'],
    ]);
  });

  it('never gives a new question the id of one an earlier edit removed', () => {
    // The first edit removed q2, the last; the evaluation's mark still says q2 was given.
    const removed = toStoredQuestions([question('Cool within?')], stored, 2);
    const added = toStoredQuestions(
      [question('Cool within?'), question('Label with?')],
      removed,
      2,
    );
    expect(ids(added)).toEqual([
      ['q1', 'Cool within?'],
      ['q3', 'Label with?'],
    ]);
  });

  it('gives each of two questions written alike an id of its own', () => {
    const edited = toStoredQuestions([question('Store at?'), question(' store  AT? ')], stored);
    expect(ids(edited)).toEqual([
      ['q2', 'Store at?'],
      ['q3', ' store  AT? '],
    ]);
  });
});
