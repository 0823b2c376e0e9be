import type { AuthoredQuestion } from '@hub/proto';
import {
  type AlignedBlock,
  alignSop,
  keyOf,
  parseSopMarkdown,
  type SopBlock,
} from '../versions/step-diff.js';
import type { StoredQuestion } from './evaluation.entity.js';
import { highestQuestionNumber } from './evaluation-view.js';

/** Questions at most, as the evaluation schema allows. */
const MAX_QUESTIONS = 100;

export interface RevisedQuestions {
  questions: StoredQuestion[];
  /** Ids of the questions written for passages that changed or were added. */
  changedIds: string[];
  /** How many questions went because their passage changed or was removed. */
  removed: number;
}

/**
 * The blocks a quoted passage comes from: those that contain it, or, for a passage quoting
 * several blocks, the blocks it contains.
 */
function sourceBlocks(passage: string, blocks: SopBlock[]): SopBlock[] {
  const key = keyOf(passage);
  if (key === '') return [];
  const containing = blocks.filter((block) => block.key.includes(key));
  if (containing.length > 0) return containing;
  return blocks.filter((block) => block.key.includes(' ') && key.includes(block.key));
}

/**
 * Keeps the questions whose source passage is unchanged in the new version (with their ids and
 * content), drops those whose passage changed or was removed, and takes from the new version's
 * generated questions those on changed or added passages, under new ids: after the highest the
 * evaluation ever gave (`lastQuestionNumber`), so none is the id of a question removed before.
 */
export function reviseQuestions(input: {
  previous: StoredQuestion[];
  lastQuestionNumber?: number;
  generated: AuthoredQuestion[];
  beforeMarkdown: string;
  afterMarkdown: string;
}): RevisedQuestions {
  const aligned = alignSop(
    parseSopMarkdown(input.beforeMarkdown),
    parseSopMarkdown(input.afterMarkdown),
  );
  const fate = new Map<SopBlock, AlignedBlock['status']>();
  for (const entry of aligned) {
    if (entry.before) fate.set(entry.before, entry.status);
    if (entry.after) fate.set(entry.after, entry.status);
  }
  const oldBlocks = aligned.flatMap((entry) => (entry.before ? [entry.before] : []));
  const newBlocks = aligned.flatMap((entry) => (entry.after ? [entry.after] : []));
  const newText = newBlocks.map((block) => block.key).join(' ');

  const stillSaid = (question: StoredQuestion) => {
    const sources = sourceBlocks(question.sourcePassage, oldBlocks);
    if (sources.length === 0) return newText.includes(keyOf(question.sourcePassage));
    return sources.every((block) => fate.get(block) === 'unchanged');
  };
  const kept = input.previous.filter(stillSaid);
  const keptTexts = new Set(kept.map((question) => keyOf(question.text)));
  const fresh = input.generated.filter((question) => {
    const sources = sourceBlocks(question.sourcePassage, newBlocks);
    return (
      sources.some((block) => fate.get(block) !== 'unchanged') &&
      !keptTexts.has(keyOf(question.text))
    );
  });

  let next = highestQuestionNumber(input.previous, input.lastQuestionNumber);
  const added = fresh.map((question) => ({ id: `q${(next += 1)}`, ...question }));
  const position = (question: StoredQuestion) => {
    const index = newBlocks.findIndex((block) => sourceBlocks(question.sourcePassage, [block])[0]);
    return index === -1 ? newBlocks.length : index;
  };
  // The kept questions stay in their order; a new one goes before the first that comes later.
  const questions = [...kept];
  for (const question of added) {
    const at = position(question);
    const before = questions.findIndex((other) => position(other) > at);
    questions.splice(before === -1 ? questions.length : before, 0, question);
  }
  questions.splice(MAX_QUESTIONS);
  const present = new Set(questions.map((question) => question.id));
  return {
    questions,
    changedIds: added.map((question) => question.id).filter((id) => present.has(id)),
    removed: input.previous.length - kept.length,
  };
}
