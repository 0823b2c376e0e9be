import type { Language } from '@hub/proto';
import { EvaluationDraft, type AuthoredQuestion } from '@hub/proto/jobs';

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

/** Problems the proto schema does not catch: catch-all options, blank or repeated questions. */
export function questionProblems(question: AuthoredQuestion): string[] {
  const problems: string[] = [];
  if (question.options.some((option) => CATCH_ALL_OPTION.test(option))) {
    problems.push(`"${question.text}" has an "all/none of the above" option`);
  }
  const options = new Set(question.options.map(normalised));
  if (options.size !== question.options.length) {
    problems.push(`"${question.text}" repeats an option`);
  }
  if (question.explanation.trim() === '') problems.push(`"${question.text}" has no explanation`);
  return problems;
}

export type DraftCheck = { ok: true; draft: EvaluationDraft } | { ok: false; problem: string };

/** Validates with the proto schema, then with our own rules; answers the first problem found. */
export function checkDraft(candidate: unknown): DraftCheck {
  const parsed = EvaluationDraft.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return { ok: false, problem: `${where}${issue.message}` };
  }
  const seen = new Set<string>();
  for (const question of parsed.data.questions) {
    const problems = questionProblems(question);
    if (problems.length > 0) return { ok: false, problem: problems[0]! };
    const key = normalised(question.text);
    if (seen.has(key)) return { ok: false, problem: `"${question.text}" is asked twice` };
    seen.add(key);
  }
  return { ok: true, draft: parsed.data };
}
