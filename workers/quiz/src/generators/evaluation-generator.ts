import type { Language } from '@hub/proto';
import { EvaluationDraft, FAILURE_REASONS, type AuthoredQuestion } from '@hub/proto/jobs';

export type GeneratorKind = 'gemini' | 'offline';

/** What a generator reads: the SOP as the PDF worker stored it, and the administrator's prompt. */
export interface GenerationInput {
  title: string;
  markdown: string;
  text: string;
  /** The super administrator's evaluation prompt. */
  prompt: string;
  /** The language to write in; detected from the SOP's text when not given. */
  language?: Language;
  /** Aborted when the job runs out of time. */
  signal?: AbortSignal;
}

export interface GeneratedEvaluation {
  draft: EvaluationDraft;
  generator: GeneratorKind;
  generatorModel: string | null;
  promptUsed: string;
}

/** The port both generators implement. */
export interface EvaluationGenerator {
  readonly kind: GeneratorKind;
  generate(input: GenerationInput): Promise<GeneratedEvaluation>;
}

/**
 * A generation that did not succeed, with the reason shown to users. Retryable failures may pass
 * on another attempt (a busy provider, storage); the others are facts about the SOP or answer.
 */
export class GenerationFailure extends Error {
  override readonly name = 'GenerationFailure';
  readonly retryable: boolean;

  constructor(reason: string, retryable = false) {
    super(reason);
    this.retryable = retryable;
  }
}

export const CATCH_ALL_OPTION =
  /\b(all|none|both|neither) of (the|these|those) (above|options|answers)\b/i;

const normalised = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A problem found in a draft: `problem` in its own words for the log (a schema's message, the
 * question it is about, which a model or an SOP wrote), `cause` the catalog's sentence for it
 * (a FAILURE_REASONS sentence), which is what a reason shown to people may carry.
 */
export interface DraftProblem {
  problem: string;
  cause: string;
}

/** Problems the proto schema does not catch: catch-all options, blank or repeated questions. */
export function questionProblems(question: AuthoredQuestion): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (question.options.some((option) => CATCH_ALL_OPTION.test(option))) {
    problems.push({
      problem: `"${question.text}" has an "all/none of the above" option`,
      cause: FAILURE_REASONS.quiz_draft_catch_all,
    });
  }
  const options = new Set(question.options.map(normalised));
  if (options.size !== question.options.length) {
    problems.push({
      problem: `"${question.text}" repeats an option`,
      cause: FAILURE_REASONS.quiz_draft_repeated_option,
    });
  }
  if (question.explanation.trim() === '') {
    problems.push({
      problem: `"${question.text}" has no explanation`,
      cause: FAILURE_REASONS.quiz_draft_no_explanation,
    });
  }
  return problems;
}

export type DraftCheck = { ok: true; draft: EvaluationDraft } | ({ ok: false } & DraftProblem);

/** The catalog's sentence for a schema's issue: no questions, a repeated option, else its shape. */
function schemaCause(issue: { code: string; path: PropertyKey[] }): string {
  if (issue.code === 'too_small' && issue.path.join('.') === 'questions') {
    return FAILURE_REASONS.quiz_draft_no_questions;
  }
  if (issue.code === 'custom' && issue.path.at(-1) === 'options') {
    return FAILURE_REASONS.quiz_draft_repeated_option;
  }
  return FAILURE_REASONS.quiz_draft_bad_shape;
}

/** Validates with the proto schema, then with our own rules; answers the first problem found. */
export function checkDraft(candidate: unknown): DraftCheck {
  const parsed = EvaluationDraft.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return { ok: false, problem: `${where}${issue.message}`, cause: schemaCause(issue) };
  }
  const seen = new Set<string>();
  for (const question of parsed.data.questions) {
    const problems = questionProblems(question);
    if (problems.length > 0) return { ok: false, ...problems[0]! };
    const key = normalised(question.text);
    if (seen.has(key)) {
      return {
        ok: false,
        problem: `"${question.text}" is asked twice`,
        cause: FAILURE_REASONS.quiz_draft_repeated_question,
      };
    }
    seen.add(key);
  }
  return { ok: true, draft: parsed.data };
}
