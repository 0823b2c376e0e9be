import type { AuthoredQuestion, EvaluationDraft } from '@hub/proto/jobs';
import { logger } from '@hub/runtime';
import {
  checkDraft,
  GenerationFailure,
  type EvaluationGenerator,
  type GeneratedEvaluation,
  type GenerationInput,
} from '../evaluation-generator.ts';
import {
  keyTermQuestions,
  nextStepQuestions,
  placeOf,
  ppeQuestions,
  previousStepQuestions,
  sectionQuestions,
  valueQuestions,
  warningQuestions,
  type QuestionDraft,
  type Writer,
} from './question-writers.ts';
import { hashText, seededRandom, shuffled } from './seeded-random.ts';
import { parseSop, type SopStructure } from './sop-structure.ts';
import { extractValues } from './values.ts';
import { PHRASES } from './phrases.ts';

export const OFFLINE_MODEL = 'sop-rules-1';
export const TOO_SHORT = 'The SOP text is too short to generate an evaluation.';
export const NO_STEPS =
  'No procedure steps found: the document reads as a form or a table (field labels and figures), so no evaluation was generated.';

const MIN_WORDS = 30;
/** An SOP is mostly sentences and steps; a form or a table of figures mostly labels. */
const MIN_STATEMENTS = 3;
const MIN_STATEMENT_SHARE = 0.5;
const MIN_QUESTIONS = 5;
const MAX_QUESTIONS = 15;
const MAX_LEARNING_POINTS = 10;

/** Structured kinds first: they test what the SOP requires; key terms only fill up. */
const WRITERS: Writer[] = [
  valueQuestions,
  ppeQuestions,
  warningQuestions,
  nextStepQuestions,
  previousStepQuestions,
  sectionQuestions,
];

const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Passages longer than this are not quoted in a question. */
const MAX_PASSAGE = 600;

/** Critical values and warnings come before quantities and notes. */
const GROUP_WEIGHT: Record<string, number> = {
  temperature: 0,
  torque: 1,
  pressure: 2,
  time: 3,
  percentage: 4,
  quantity: 6,
  warning: 0,
  note: 9,
};

/**
 * Shuffles a pool, then takes its groups in turn (a temperature, a torque, a time, …), warnings
 * before notes, so the first questions of a kind are as varied as the SOP allows.
 */
function spread(pool: QuestionDraft[], random: () => number): QuestionDraft[] {
  const rank = new Map<string, number>();
  const ranked = shuffled(pool, random)
    .filter((draft) => draft.passage.text.length <= MAX_PASSAGE)
    .map((draft) => {
      const index = rank.get(draft.group) ?? 0;
      rank.set(draft.group, index + 1);
      return { draft, order: index * 10 + (GROUP_WEIGHT[draft.group] ?? 5) };
    });
  return ranked.sort((a, b) => a.order - b.order).map(({ draft }) => draft);
}

function targetCount(sop: SopStructure): number {
  return Math.min(MAX_QUESTIONS, Math.max(MIN_QUESTIONS, Math.round(sop.wordCount / 20)));
}

/** Takes the kinds in turn, so an evaluation is not all temperatures; one question a topic. */
function select(pools: QuestionDraft[][], target: number, chosen: QuestionDraft[]): void {
  const topics = new Set(chosen.map((draft) => draft.topic));
  const passages = new Set(chosen.map((draft) => draft.passage));
  const queues = pools.map((pool) => [...pool]);
  const take = (queue: QuestionDraft[]) => {
    let draft = queue.shift();
    while (draft && (topics.has(draft.topic) || passages.has(draft.passage))) draft = queue.shift();
    if (!draft || chosen.length >= target) return;
    chosen.push(draft);
    topics.add(draft.topic);
    passages.add(draft.passage);
  };
  while (chosen.length < target && queues.some((queue) => queue.length > 0)) {
    for (const [index, queue] of queues.entries()) {
      take(queue);
      // Required values are what an SOP is mostly about: they get two turns a round.
      if (WRITERS[index] === valueQuestions) take(queue);
    }
  }
}

function toQuestion(draft: QuestionDraft, seed: number, sop: SopStructure): AuthoredQuestion {
  const say = PHRASES[sop.language];
  const random = seededRandom(seed ^ hashText(draft.text));
  const options = shuffled([draft.correct, ...draft.distractors], random).map(capitalised);
  const place = placeOf(draft.passage, say);
  return {
    text: draft.text,
    category: draft.category,
    options,
    correctIndex: options.indexOf(capitalised(draft.correct)),
    explanation: say.explanation(place, draft.passage.text),
    sourcePassage: draft.passage.text,
  };
}

function learningPoints(sop: SopStructure): string[] {
  const warnings = sop.notices.filter((notice) => notice.notice !== 'note');
  const notes = sop.notices.filter((notice) => notice.notice === 'note');
  const critical = sop.passages.filter(
    (passage) => passage.notice === null && extractValues(passage.text).length > 0,
  );
  const points = [...warnings, ...critical, ...notes].map((passage) =>
    passage.notice === null && passage.step !== null
      ? `${capitalised(placeOf(passage, PHRASES[sop.language]))}: ${sentence(passage.text)}`
      : sentence(capitalised(passage.text)),
  );
  return [...new Set(points)].filter((point) => point.length <= 500).slice(0, MAX_LEARNING_POINTS);
}

function description(sop: SopStructure): string {
  const headings = sop.sections.flatMap((section) => (section.heading ? [section.heading] : []));
  const warnings = sop.notices.filter((notice) => notice.notice !== 'note').length;
  const text = PHRASES[sop.language].description(
    sop.title,
    { sections: sop.sections.length, steps: sop.steps.length, warnings },
    headings.slice(0, 8),
    headings.length > 8,
  );
  return text.length <= 2000 ? text : `${text.slice(0, 1999)}…`;
}

/** Builds an evaluation from the SOP alone: its steps, values, equipment and warnings. */
export function generateOfflineDraft(input: Omit<GenerationInput, 'prompt'>): EvaluationDraft {
  const sop = parseSop(input);
  if (sop.wordCount < MIN_WORDS) throw new GenerationFailure(TOO_SHORT);
  const statements = sop.statements.length;
  if (statements < MIN_STATEMENTS || statements < sop.passages.length * MIN_STATEMENT_SHARE) {
    throw new GenerationFailure(NO_STEPS);
  }
  const seed = hashText(`${sop.title}\n${input.markdown}\n${input.text}`);
  const random = seededRandom(seed);
  const pools = WRITERS.map((write) => spread(write(sop, random), random));
  const target = targetCount(sop);
  const chosen: QuestionDraft[] = [];
  select(pools, target, chosen);
  if (chosen.length < MIN_QUESTIONS) {
    select([spread(keyTermQuestions(sop, random), random)], target, chosen);
  }
  if (chosen.length === 0) throw new GenerationFailure(TOO_SHORT);
  const order = new Map(sop.passages.map((passage, index) => [passage, index]));
  chosen.sort((a, b) => order.get(a.passage)! - order.get(b.passage)!);

  const checked = checkDraft({
    title: PHRASES[sop.language].title(sop.title).slice(0, 300),
    description: description(sop),
    questions: chosen.map((draft) => toQuestion(draft, seed, sop)),
    keyLearningPoints: learningPoints(sop),
  });
  // The writers guarantee these rules; a failure here is a bug worth a clear message.
  if (!checked.ok) {
    logger('quiz').error({ problem: checked.problem }, 'offline generator broke a rule');
    throw new GenerationFailure(
      `The offline generator wrote an invalid evaluation: ${checked.cause}`,
    );
  }
  return checked.draft;
}

/** The default generator, used when no AI provider is configured. */
export class OfflineGenerator implements EvaluationGenerator {
  readonly kind = 'offline' as const;

  async generate(input: GenerationInput): Promise<GeneratedEvaluation> {
    return {
      draft: generateOfflineDraft(input),
      generator: 'offline',
      generatorModel: OFFLINE_MODEL,
      promptUsed: input.prompt,
    };
  }
}
