import type { ReviewEvaluation } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import {
  addOption,
  blankQuestion,
  canStartObservation,
  draftErrors,
  draftOf,
  editorStateOf,
  evaluationStatusBadge,
  hasAnswers,
  isReviewer,
  MAX_OPTIONS,
  moveItem,
  optionLetter,
  questionErrors,
  removeOption,
  revisionNotice,
  type EditorQuestion,
} from './evaluationText';
import { i18n } from '../i18n/i18n';

const review: ReviewEvaluation = {
  id: 7,
  documentId: 3,
  title: 'Cooling cooked food',
  description: 'Checks the cooling steps',
  status: 'draft',
  keyLearningPoints: ['Cool to 21 °C within 2 hours'],
  generator: 'offline',
  generatorModel: null,
  promptUsed: '',
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  publishedAt: null,
  sourceVersion: 1,
  changedQuestionIds: [],
  removedQuestions: 0,
  questions: [
    {
      id: 'q1',
      text: 'How deep may a cooling container be?',
      category: 'Procedure',
      options: ['5 cm', '10 cm', '20 cm'],
      correctIndex: 0,
      correctOption: 'A',
      explanation: 'Step 2',
      sourcePassage: 'no deeper than 5 cm',
    },
  ],
};

const question = (patch: Partial<EditorQuestion> = {}): EditorQuestion => ({
  ...blankQuestion(),
  text: 'Which temperature is right?',
  options: ['1', '2', '3', '4'],
  correctIndex: 2,
  ...patch,
});

describe('labels', () => {
  it('letters options A to H', () => {
    expect([0, 1, 2, 7].map(optionLetter)).toEqual(['A', 'B', 'C', 'H']);
  });

  it('maps statuses to badges and only published evaluations start observations', () => {
    expect(evaluationStatusBadge('draft')).toEqual({ label: 'Draft', tone: 'amber' });
    expect(evaluationStatusBadge('published')).toEqual({ label: 'Published', tone: 'green' });
    expect(canStartObservation({ status: 'published' })).toBe(true);
    expect(canStartObservation({ status: 'draft' })).toBe(false);
  });

  it('knows the reviewers and the review shape', () => {
    expect(isReviewer('training_supervisor')).toBe(true);
    expect(isReviewer('manager')).toBe(false);
    expect(isReviewer(undefined)).toBe(false);
    expect(hasAnswers(review)).toBe(true);
    const { questions, ...rest } = review;
    const publicView = {
      ...rest,
      questions: questions.map(({ id, text, category, options }) => ({
        id,
        text,
        category,
        options,
      })),
    };
    expect(hasAnswers(publicView)).toBe(false);
  });
});

describe('editor state', () => {
  it('round-trips an evaluation into the request body', () => {
    const state = editorStateOf(review);
    expect(draftOf(state)).toEqual({
      title: review.title,
      description: review.description,
      keyLearningPoints: review.keyLearningPoints,
      questions: [
        {
          text: review.questions[0]!.text,
          category: 'Procedure',
          options: ['5 cm', '10 cm', '20 cm'],
          correctIndex: 0,
          explanation: 'Step 2',
          sourcePassage: 'no deeper than 5 cm',
        },
      ],
    });
    expect(draftErrors(state)).toEqual({});
  });

  it('leaves blank learning points out', () => {
    const state = { ...editorStateOf(review), keyLearningPoints: ['One', '  ', 'Two'] };
    expect(draftOf(state).keyLearningPoints).toEqual(['One', 'Two']);
  });

  it("reports proto's messages by path", () => {
    const state = editorStateOf(review);
    expect(draftErrors({ ...state, questions: [] })).toEqual({
      questions: 'An evaluation needs at least one question.',
    });
    const bad = {
      ...state,
      title: ' ',
      questions: [
        question({ text: 'Why', options: ['a', 'A', 'b'] }),
        question({ options: ['x', '', 'z'] }),
      ],
    };
    const errors = draftErrors(bad);
    expect(errors['title']).toBe('Title is required.');
    expect(questionErrors(errors, 0)).toEqual({
      text: 'A question needs at least 5 characters.',
      options: 'Options must all be different.',
    });
    expect(questionErrors(errors, 1)).toEqual({ 'options.1': 'Options cannot be empty.' });
  });

  /** A French or Spanish reviewer read these two of proto's sentences in English. */
  it("words every one of proto's sentences in the reader's language", async () => {
    const state = editorStateOf(review);
    const bad = {
      ...state,
      questions: [question({ options: ['a', 'A', 'b'] }), question({ correctIndex: 5 })],
    };
    try {
      await i18n.changeLanguage('fr');
      const errors = draftErrors(bad);
      expect(questionErrors(errors, 0)).toEqual({
        options: 'Les réponses proposées doivent toutes être différentes.',
      });
      expect(questionErrors(errors, 1)).toEqual({
        correctIndex: 'La bonne réponse doit être l’une des réponses proposées.',
      });
      await i18n.changeLanguage('es');
      expect(questionErrors(draftErrors(bad), 0)).toEqual({
        options: 'Las opciones deben ser todas distintas.',
      });
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('after a new document version', () => {
  const revised: ReviewEvaluation = {
    ...review,
    sourceVersion: 2,
    changedQuestionIds: ['q1'],
    removedQuestions: 2,
  };

  it('marks the changed questions and keeps the mark out of the request body', () => {
    expect(editorStateOf(review).questions[0]!.changed).toBe(false);
    const state = editorStateOf(revised);
    expect(state.questions[0]!.changed).toBe(true);
    expect(draftOf(state).questions[0]).not.toHaveProperty('changed');
  });

  it('tells reviewers what the version changed, and nothing when it changed nothing', () => {
    expect(revisionNotice(review)).toBeNull();
    expect(revisionNotice(revised)).toBe(
      'Version 2 of the document changed passages this evaluation asks about: 1 question new or rewritten, 2 questions removed. Review them and publish again.',
    );
  });
});

describe('editing operations', () => {
  it('adds options up to eight', () => {
    let current = question({ options: ['a', 'b', 'c'] });
    for (let i = 0; i < 10; i++) current = addOption(current);
    expect(current.options).toHaveLength(MAX_OPTIONS);
  });

  it('removes options down to three and keeps the correct answer', () => {
    const four = question({ options: ['a', 'b', 'c', 'd'], correctIndex: 2 });
    expect(removeOption(four, 0)).toMatchObject({ options: ['b', 'c', 'd'], correctIndex: 1 });
    expect(removeOption(four, 3)).toMatchObject({ options: ['a', 'b', 'c'], correctIndex: 2 });
    expect(removeOption(four, 2)).toMatchObject({ options: ['a', 'b', 'd'], correctIndex: 0 });
    const three = question({ options: ['a', 'b', 'c'] });
    expect(removeOption(three, 0)).toBe(three);
  });

  it('moves items and ignores moves off the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
