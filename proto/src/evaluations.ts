import { z } from 'zod';
import { ERROR_TEXTS } from './error-codes.js';
import { plainText } from './text.js';

export const OPTION_LETTERS = 'ABCDEFGH';
export const EVALUATION_STATUSES = ['draft', 'published'] as const;
export const EvaluationStatus = z.enum(EVALUATION_STATUSES);
export type EvaluationStatus = z.infer<typeof EvaluationStatus>;

export const GENERATORS = ['gemini', 'offline'] as const;

/**
 * The categories the generators sort questions into, in English whatever the SOP's language (the
 * Gemini prompt asks for these words): the web app words them in its reader's language. A
 * reviewer may write any other, shown as written.
 */
export const QUESTION_CATEGORIES = [
  'Safety',
  'Procedure',
  'Quality',
  'Equipment',
  'Compliance',
] as const;
export type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];

/** A question as a generator writes it and reviewers edit it: exactly one option is correct. */
export const AuthoredQuestion = z
  .object({
    text: z.string().trim().min(5, 'A question needs at least 5 characters.').max(1000),
    category: z.string().trim().min(1).max(60),
    options: z
      .array(z.string().trim().min(1, 'Options cannot be empty.').max(500))
      .min(3, 'A question needs at least 3 options.')
      .max(OPTION_LETTERS.length),
    correctIndex: z.number().int().min(0),
    explanation: z.string().trim().max(2000),
    /** The SOP passage the correct answer comes from. */
    sourcePassage: z.string().trim().max(2000),
  })
  .superRefine((question, context) => {
    if (question.correctIndex >= question.options.length) {
      context.addIssue({
        code: 'custom',
        path: ['correctIndex'],
        message: 'The correct answer must be one of the options.',
      });
    }
    const seen = new Set(question.options.map((option) => option.toLowerCase()));
    if (seen.size !== question.options.length) {
      context.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'Options must all be different.',
      });
    }
  });
export type AuthoredQuestion = z.infer<typeof AuthoredQuestion>;

/** What a generator produces for one SOP. */
export const EvaluationDraft = z.object({
  title: z.string().overwrite(plainText).trim().min(1).max(300),
  description: z.string().trim().max(2000),
  questions: z
    .array(AuthoredQuestion)
    .min(1, 'An evaluation needs at least one question.')
    .max(100),
  keyLearningPoints: z.array(z.string().trim().min(1).max(500)).max(30),
});
export type EvaluationDraft = z.infer<typeof EvaluationDraft>;

export const EvaluationQuestion = z.object({
  id: z.string(),
  text: z.string(),
  category: z.string(),
  options: z.array(z.string()),
});
export type EvaluationQuestion = z.infer<typeof EvaluationQuestion>;

export const ReviewQuestion = EvaluationQuestion.extend({
  correctIndex: z.number().int(),
  correctOption: z.string(),
  explanation: z.string(),
  sourcePassage: z.string(),
});
export type ReviewQuestion = z.infer<typeof ReviewQuestion>;

const EvaluationBase = z.object({
  id: z.number().int(),
  documentId: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: EvaluationStatus,
  keyLearningPoints: z.array(z.string()),
  generator: z.enum(GENERATORS),
  generatorModel: z.string().nullable(),
  promptUsed: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});

/** As operators and observation sessions see it: never the correct answers. */
export const Evaluation = EvaluationBase.extend({ questions: z.array(EvaluationQuestion) });
export type Evaluation = z.infer<typeof Evaluation>;

/** As reviewers (admins, training supervisors) see and edit it. */
export const ReviewEvaluation = EvaluationBase.extend({
  questions: z.array(ReviewQuestion),
  /** The document version the questions were written from. */
  sourceVersion: z.number().int(),
  /** Questions a new version's changed passages brought, until the evaluation is published again. */
  changedQuestionIds: z.array(z.string()),
  /** Questions a new version's changed or removed passages took away, until publication. */
  removedQuestions: z.number().int(),
});
export type ReviewEvaluation = z.infer<typeof ReviewEvaluation>;

/**
 * The edited draft, with the `updatedAt` of the evaluation the editor read: when the evaluation
 * changed since (another person's save, a generation), the save is refused (409
 * `evaluation_changed`) rather than overwriting what the editor never saw. The web app always
 * sends it; API clients written before it may leave it out, and their save is the last word.
 */
/** The `updatedAt` of the evaluation a person read before changing or publishing it. */
const ReadAt = z.iso.datetime({ offset: true }).max(40).optional();

export const UpdateEvaluationRequest = EvaluationDraft.extend({ updatedAt: ReadAt });
export type UpdateEvaluationRequest = z.infer<typeof UpdateEvaluationRequest>;
/** The `updatedAt` of the evaluation the publisher read: one changed since is not published. */
export const PublishEvaluationRequest = z.object({ updatedAt: ReadAt });
export type PublishEvaluationRequest = z.infer<typeof PublishEvaluationRequest>;
export const EVALUATION_CHANGED = ERROR_TEXTS.evaluation_changed;
