import {
  TRAINING_EDITORS,
  errorCodeOf,
  EvaluationDraft,
  OPTION_LETTERS,
  QUESTION_CATEGORIES,
  type Evaluation,
  type EvaluationStatus,
  type QuestionCategory,
  type ReviewEvaluation,
  type Role,
} from '@hub/proto';
import { readableIssue } from '../api/error-text';
import type { BadgeTone } from '../ui/Badge';
import { i18n } from '../i18n/i18n';

/** 0 -> 'A', 1 -> 'B' ... (an evaluation has at most 8 options, A to H). */
export function optionLetter(index: number): string {
  return OPTION_LETTERS[index] ?? String(index + 1);
}

export function isReviewer(role: Role | undefined): boolean {
  return role !== undefined && TRAINING_EDITORS.includes(role);
}

/** The server sends the correct answers to reviewers only; this tells the two shapes apart. */
export function hasAnswers(
  evaluation: Evaluation | ReviewEvaluation,
): evaluation is ReviewEvaluation {
  return (
    evaluation.questions.length > 0 &&
    evaluation.questions.every((question) => 'correctIndex' in question)
  );
}

/** 'draft' -> Draft (amber), 'published' -> Published (green). */
export function evaluationStatusBadge(status: EvaluationStatus | string): {
  label: string;
  tone: BadgeTone;
} {
  if (status === 'published')
    return { label: i18n.t('evaluations.status.published'), tone: 'green' };
  if (status === 'draft') return { label: i18n.t('evaluations.status.draft'), tone: 'amber' };
  return { label: status.charAt(0).toUpperCase() + status.slice(1), tone: 'neutral' };
}

/** A question's category in the reader's language: the generators' words; any other as written. */
export function categoryText(category: string): string {
  return (QUESTION_CATEGORIES as readonly string[]).includes(category)
    ? i18n.t(`evaluations.categories.${category as QuestionCategory}`)
    : category;
}

/** Only a published evaluation may be observed against (spec section 4). */
export const canStartObservation = (evaluation: Pick<Evaluation, 'status'>) =>
  evaluation.status === 'published';

// The review editor's state: the draft with keys for React and raw strings while typing.

export const MIN_OPTIONS = 3;
export const MAX_OPTIONS = OPTION_LETTERS.length;

export interface EditorQuestion {
  /** Stable React key (questions get reordered). */
  key: string;
  text: string;
  category: string;
  options: string[];
  correctIndex: number;
  explanation: string;
  sourcePassage: string;
  /** Written for a passage a new document version changed, not yet published. */
  changed: boolean;
}

export interface EditorState {
  title: string;
  description: string;
  questions: EditorQuestion[];
  keyLearningPoints: string[];
}

let keySeed = 0;
const nextKey = () => `q${++keySeed}`;

export function editorStateOf(evaluation: ReviewEvaluation): EditorState {
  return {
    title: evaluation.title,
    description: evaluation.description,
    questions: evaluation.questions.map((question) => ({
      key: nextKey(),
      text: question.text,
      category: question.category,
      options: [...question.options],
      correctIndex: question.correctIndex,
      explanation: question.explanation,
      sourcePassage: question.sourcePassage,
      changed: evaluation.changedQuestionIds.includes(question.id),
    })),
    keyLearningPoints: [...evaluation.keyLearningPoints],
  };
}

export function blankQuestion(
  category: string = i18n.t('evaluations.defaultCategory'),
): EditorQuestion {
  return {
    key: nextKey(),
    text: '',
    category,
    options: ['', '', ''],
    correctIndex: 0,
    explanation: '',
    sourcePassage: '',
    changed: false,
  };
}

/** The request body: blank learning points are left out (the rest is checked as typed). */
export function draftOf(state: EditorState): EvaluationDraft {
  return {
    title: state.title,
    description: state.description,
    questions: state.questions.map(({ key: _key, changed: _changed, ...question }) => question),
    keyLearningPoints: state.keyLearningPoints.filter((point) => point.trim() !== ''),
  };
}

export type DraftErrors = Partial<Record<string, string>>;

/**
 * proto's own EvaluationDraft check, its messages keyed by path ('title', 'questions',
 * 'questions.2.options', 'questions.2.options.1', 'keyLearningPoints.0', ...): the first per path.
 */
export function draftErrors(state: EditorState): DraftErrors {
  const result = EvaluationDraft.safeParse(draftOf(state));
  if (result.success) return {};
  const errors: DraftErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= errorCodeOf(issue.message)
      ? readableIssue(issue)
      : friendlyMessage(key, issue.message);
  }
  return errors;
}

/** zod's generic size messages, said in the editor's words. */
function friendlyMessage(path: string, message: string): string {
  if (!/^(Too small|Too big|Invalid)/i.test(message)) return message;
  const field =
    path
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .at(-1) ?? path;
  const names: Record<string, string> = i18n.t('evaluations.fieldNames', { returnObjects: true });
  const name = names[field] ?? field;
  if (/too small/i.test(message)) return i18n.t('evaluations.required', { name });
  if (/too big/i.test(message)) return i18n.t('evaluations.tooLong', { name });
  return i18n.t('evaluations.notValid', { name });
}

/** The errors of one question, with the 'questions.N.' prefix removed. */
export function questionErrors(errors: DraftErrors, index: number): DraftErrors {
  const prefix = `questions.${index}.`;
  const result: DraftErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key.startsWith(prefix)) result[key.slice(prefix.length)] = message;
  }
  return result;
}

// Editing operations: pure, each returns a new question or list.

export function addOption(question: EditorQuestion): EditorQuestion {
  if (question.options.length >= MAX_OPTIONS) return question;
  return { ...question, options: [...question.options, ''] };
}

/** Removing keeps at least 3 options and keeps the same option marked correct where it can. */
export function removeOption(question: EditorQuestion, index: number): EditorQuestion {
  if (question.options.length <= MIN_OPTIONS) return question;
  const options = question.options.filter((_, i) => i !== index);
  let correctIndex = question.correctIndex;
  if (index < correctIndex) correctIndex -= 1;
  else if (index === correctIndex) correctIndex = 0;
  return { ...question, options, correctIndex };
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

export function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((current, i) => (i === index ? item : current));
}

export function removeAt<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}

/** What a new document version did to the evaluation, for its reviewers; null when nothing. */
export function revisionNotice(evaluation: ReviewEvaluation): string | null {
  const changed = evaluation.changedQuestionIds.length;
  const removed = evaluation.removedQuestions;
  if (changed === 0 && removed === 0) return null;
  const parts = [
    ...(changed > 0 ? [i18n.t('evaluations.changedQuestions', { count: changed })] : []),
    ...(removed > 0 ? [i18n.t('evaluations.removedQuestions', { count: removed })] : []),
  ];
  return i18n.t('evaluations.revisionNotice', {
    version: evaluation.sourceVersion,
    changes: parts.join(', '),
  });
}
