import { categoryOf, type Category } from './categories.ts';
import { normalise, pickDistractors, usableOption } from './distractors.ts';
import { shuffled } from './seeded-random.ts';
import { findPpe, NEGATED_PPE, ppeSuggestions } from './ppe.ts';
import type { Passage, Section, SopStructure } from './sop-structure.ts';
import { PHRASES, type Phrases } from './phrases.ts';
import {
  extractValues,
  formatLike,
  neighbourAmounts,
  type MeasuredValue,
  type ValueKind,
} from './values.ts';

export type QuestionKind =
  | 'value'
  | 'ppe'
  | 'warning'
  | 'next-step'
  | 'previous-step'
  | 'section'
  | 'key-term';

/** A question before its options are shuffled. */
export interface QuestionDraft {
  kind: QuestionKind;
  text: string;
  category: Category;
  correct: string;
  distractors: string[];
  passage: Passage;
  /** Two questions on the same topic (e.g. the same pair of steps) are not both asked. */
  topic: string;
  /** Drafts of one kind are taken from each group in turn (a value's kind, a notice's kind). */
  group: string;
}

export type Writer = (sop: SopStructure, random: () => number) => QuestionDraft[];

const DISTRACTORS = 3;
const MIN_DISTRACTORS = 2;
const BLANK = '___';
const MAX_QUOTE = 320;

/** Where a passage sits, as a reader would look it up: "step 3 of "Cooking"", in the SOP's language. */
export function placeOf(passage: Passage, say: Phrases = PHRASES.en): string {
  const { heading } = passage.section;
  if (passage.step !== null) return say.step(passage.step, heading);
  if (passage.notice) return say.notice(passage.notice, heading);
  return heading ? say.section(heading) : say.theSop;
}

/** The passage with one span blanked out, shortened around the blank when it is long. */
function cloze(text: string, start: number, length: number): string {
  let before = text.slice(0, start);
  let after = text.slice(start + length);
  const room = (MAX_QUOTE - BLANK.length) / 2;
  if (before.length > room) before = `…${before.slice(before.length - room).replace(/^\S*\s/, '')}`;
  if (after.length > room) after = `${after.slice(0, room).replace(/\s\S*$/, '')}…`;
  return `${before}${BLANK}${after}`.replace(/[.!?]$/, '');
}

function shorten(text: string): string {
  const plain = text.replace(/[.!?]$/, '');
  return plain.length <= MAX_QUOTE ? plain : `${plain.slice(0, MAX_QUOTE).replace(/\s\S*$/, '')}…`;
}

const enough = (draft: QuestionDraft) => draft.distractors.length >= MIN_DISTRACTORS;

const VALUE_CATEGORY: Record<ValueKind, Category> = {
  temperature: 'Quality',
  time: 'Procedure',
  torque: 'Equipment',
  pressure: 'Equipment',
  percentage: 'Quality',
  quantity: 'Procedure',
};

/** "What is the required temperature in step 3?": the answer is the value the SOP states. */
export const valueQuestions: Writer = (sop, random) => {
  const say = PHRASES[sop.language];
  // Same kind and same unit: litres are not offered against kilograms.
  const poolOf = (value: MeasuredValue) => `${value.kind}:${value.unitText.trim().toLowerCase()}`;
  const pools = new Map<string, string[]>();
  const found = sop.passages.map((passage) => ({ passage, values: extractValues(passage.text) }));
  for (const { values } of found) {
    for (const value of values)
      pools.set(poolOf(value), [...(pools.get(poolOf(value)) ?? []), value.text]);
  }
  return found
    .flatMap(({ passage, values }) =>
      values.slice(0, 2).map((value): QuestionDraft => {
        const neighbours = neighbourAmounts(value).map((amount) => formatLike(value, amount));
        const sameAmount = (candidate: string) =>
          extractValues(candidate)[0]?.amount !== value.amount;
        const blanked = cloze(passage.text, value.start, value.text.length);
        const text = say.requiredValue(
          value.kind,
          placeOf(passage, say),
          blanked,
          passage.step !== null,
        );
        return {
          kind: 'value',
          text,
          category: categoryOf(
            passage.text,
            passage.notice ? 'Safety' : VALUE_CATEGORY[value.kind],
          ),
          correct: value.text.trim(),
          distractors: pickDistractors(
            value.text,
            pools.get(poolOf(value)) ?? [],
            neighbours,
            DISTRACTORS,
            random,
            sameAmount,
          ),
          passage,
          topic: `value:${normalise(passage.text)}:${value.start}`,
          group: value.kind,
        };
      }),
    )
    .filter(enough);
};

/** "What PPE must be worn in step 2?": one item the passage names; wrong ones it does not. */
export const ppeQuestions: Writer = (sop, random) => {
  const say = PHRASES[sop.language];
  const find = (text: string) => findPpe(text, sop.language);
  const everywhere = sop.passages.flatMap((passage) => find(passage.text));
  return sop.passages
    .flatMap((passage) => {
      const mentions = find(passage.text);
      if (mentions.length === 0 || NEGATED_PPE[sop.language].test(passage.text)) return [];
      const excluded = new Set([
        ...mentions.map((mention) => mention.family),
        // Equipment the section requires throughout would also be a right answer.
        ...passage.section.passages
          .filter((other) => other.step === null)
          .flatMap((other) => find(other.text).map((mention) => mention.family)),
      ]);
      const offered = new Set<string>();
      // One wrong answer per kind: "gloves" and "nitrile gloves" side by side would look odd.
      const wrong = (list: typeof everywhere) =>
        list
          .filter((mention) => !excluded.has(mention.family) && !offered.has(mention.family))
          .filter((mention) => (offered.add(mention.family), true))
          .map((mention) => mention.text);
      const mention = mentions[Math.floor(random() * mentions.length)]!;
      const draft: QuestionDraft = {
        kind: 'ppe',
        text: say.ppe(placeOf(passage, say), passage.step !== null),
        category: 'Safety',
        correct: mention.text,
        distractors: pickDistractors(
          mention.text,
          wrong(everywhere),
          wrong(ppeSuggestions(sop.language)),
          DISTRACTORS,
          random,
        ),
        passage,
        topic: `ppe:${placeOf(passage)}`,
        group: mention.family,
      };
      return [draft];
    })
    .filter(enough);
};

/** Distractors of the same kind: the SOP's statements elsewhere, never its labels or headers. */
const statementsOutside = (sop: SopStructure, section: Section) =>
  sop.statements.filter((other) => other.section !== section).map((other) => other.text);

/** "What does the SOP warn about in …?": the notice, against statements from elsewhere. */
export const warningQuestions: Writer = (sop, random) =>
  sop.notices
    .filter((notice) => usableOption(notice.text))
    .map((notice): QuestionDraft => {
      const otherNotices = sop.notices
        .filter((other) => other.section !== notice.section)
        .map((other) => other.text);
      return {
        kind: 'warning',
        text: PHRASES[sop.language].warning(notice.notice === 'note', notice.section.heading),
        category: notice.notice === 'note' ? categoryOf(notice.text, 'Procedure') : 'Safety',
        correct: notice.text,
        distractors: pickDistractors(
          notice.text,
          otherNotices,
          statementsOutside(sop, notice.section).filter((text) => text.length >= 20),
          DISTRACTORS,
          random,
        ),
        passage: notice,
        topic: `warning:${notice.section.index}`,
        group: notice.notice === 'note' ? 'note' : 'warning',
      };
    })
    .filter(enough);

/** Numbered steps grouped by the list they belong to, in order. */
function sequences(sop: SopStructure): Passage[][] {
  const groups = new Map<string, Passage[]>();
  for (const step of sop.steps) {
    const key = `${step.section.index}:${step.sequence}`;
    groups.set(key, [...(groups.get(key) ?? []), step]);
  }
  return [...groups.values()].filter((steps) => steps.length >= 3);
}

function orderQuestions(sop: SopStructure, random: () => number, direction: 'next' | 'previous') {
  return sequences(sop).flatMap((steps) =>
    steps.slice(0, -1).map((step, index): QuestionDraft => {
      const following = steps[index + 1]!;
      const [shown, answer] = direction === 'next' ? [step, following] : [following, step];
      const shownText = shorten(shown.text);
      const others = steps.filter((other) => other !== step && other !== following);
      const elsewhere = sop.steps.filter((other) => other.section !== step.section);
      const say = PHRASES[sop.language];
      const text =
        direction === 'next'
          ? say.nextStep(step.section.heading, shownText)
          : say.previousStep(step.section.heading, shownText);
      return {
        kind: direction === 'next' ? 'next-step' : 'previous-step',
        text,
        category: categoryOf(answer.text, 'Procedure'),
        correct: answer.text,
        distractors: pickDistractors(
          answer.text,
          others.map((other) => other.text),
          elsewhere.map((other) => other.text),
          DISTRACTORS,
          random,
        ),
        passage: answer,
        topic: `order:${step.section.index}:${step.sequence}:${step.step}`,
        group: `${step.section.index}`,
      };
    }),
  );
}

export const nextStepQuestions: Writer = (sop, random) =>
  orderQuestions(sop, random, 'next').filter(
    (draft) => enough(draft) && usableOption(draft.correct),
  );

export const previousStepQuestions: Writer = (sop, random) =>
  orderQuestions(sop, random, 'previous').filter(
    (draft) => enough(draft) && usableOption(draft.correct),
  );

const statementLength = (text: string) =>
  text.length >= 25 && text.length <= 250 && (text.match(/\p{L}{2,}/gu)?.length ?? 0) >= 4;

/** "Which statement comes from the section …?": recall of what each part of the SOP says. */
export const sectionQuestions: Writer = (sop, random) =>
  sop.sections
    .filter((section) => section.heading)
    .flatMap((section) => {
      const own = section.passages.filter(
        (passage) => statementLength(passage.text) && sop.statements.includes(passage),
      );
      const ownTexts = new Set(section.passages.map((p) => normalise(p.text)));
      return shuffled(own, random)
        .slice(0, 2)
        .map((passage, index): QuestionDraft => ({
          kind: 'section',
          text: PHRASES[sop.language].sectionStatement(section.heading!, index === 0),
          category: categoryOf(passage.text, 'Procedure'),
          correct: passage.text,
          distractors: pickDistractors(
            passage.text,
            statementsOutside(sop, section).filter(statementLength),
            [],
            DISTRACTORS,
            random,
            (candidate) => !ownTexts.has(normalise(candidate)),
          ),
          passage,
          topic: `section:${section.index}:${index}`,
          group: `${section.index}`,
        }));
    })
    .filter(enough);

/** Long function words of the SOP languages: no key term to ask about. */
const STOPWORDS = new Set(
  [
    'about above after again against because before being below between during further having itself should through under until which while would their there these those other where whether without within could might shall',
    'después durante cuando siempre también mientras dentro encima debajo porque cualquier ninguna ningún deberá deberán siguiente nuestra nuestro todavía',
    'pendant lorsque toujours depuis chaque parce doivent devront dessous dessus toutes autres quelque pourquoi ensuite jusqu',
  ]
    .join(' ')
    .split(' '),
);

const WORD = /\p{L}[\p{L}'-]*\p{L}/gu;
const isKeyTerm = (word: string) =>
  word.length >= 6 && !STOPWORDS.has(word.toLowerCase()) && !/['-]/.test(word);

/** A completion question on a term of a sentence, for text with little structure. */
export const keyTermQuestions: Writer = (sop, random) => {
  // Terms and sentences of statements only: a header or a field label is no sentence to complete.
  const terms = [
    ...new Set(sop.statements.flatMap((p) => (p.text.match(WORD) ?? []).filter(isKeyTerm))),
  ];
  const eligible = sop.statements.filter((passage) => {
    const words = passage.text.split(/\s+/).length;
    return words >= 8 && words <= 45 && passage.notice === null;
  });
  // Long documents: a spread of sentences, not every one of them.
  const stride = Math.max(1, Math.floor(eligible.length / 60));
  return eligible
    .filter((_, index) => index % stride === 0)
    .flatMap((passage) => {
      const words = [...passage.text.matchAll(WORD)].filter((match) => isKeyTerm(match[0]));
      const counts = new Map<string, number>();
      for (const match of words) {
        counts.set(match[0].toLowerCase(), (counts.get(match[0].toLowerCase()) ?? 0) + 1);
      }
      const unique = words.filter((match) => counts.get(match[0].toLowerCase()) === 1);
      const chosen = unique.sort((a, b) => b[0].length - a[0].length)[0];
      if (!chosen) return [];
      const term = chosen[0];
      const inPassage = new Set(words.map((match) => match[0].toLowerCase()));
      const capitalised = /^\p{Lu}/u.test(term);
      const alike = terms.filter(
        (candidate) =>
          !inPassage.has(candidate.toLowerCase()) &&
          /^\p{Lu}/u.test(candidate) === capitalised &&
          Math.abs(candidate.length - term.length) <= 3 &&
          candidate.slice(0, 5).toLowerCase() !== term.slice(0, 5).toLowerCase(),
      );
      const draft: QuestionDraft = {
        kind: 'key-term',
        text: PHRASES[sop.language].keyTerm(
          placeOf(passage, PHRASES[sop.language]),
          cloze(passage.text, chosen.index, term.length),
        ),
        category: categoryOf(passage.text, 'Procedure'),
        correct: term,
        distractors: pickDistractors(term, alike, [], DISTRACTORS, random),
        passage,
        topic: `term:${normalise(passage.text)}`,
        group: 'term',
      };
      return [draft];
    })
    .filter(enough);
};
