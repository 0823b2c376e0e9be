import { SchemaType, type ResponseSchema } from '@google/generative-ai';
import type { Language } from '@hub/proto';
import { QUESTION_CATEGORIES } from '@hub/proto/jobs';

/** The SOP's language as the model is told it, in English like the rest of our rules. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Spanish', fr: 'French' };

/** Our rules, sent after the administrator's prompt: the answer must fit EvaluationDraft. */
export function instructions(
  adminPrompt: string,
  questionCount: number,
  language: Language = 'en',
): string {
  const name = LANGUAGE_NAMES[language];
  return [
    adminPrompt.trim(),
    '',
    'Write a multiple-choice evaluation of the standard operating procedure (SOP) below.',
    `Write about ${questionCount} questions. For every question:`,
    '- "options": 3 to 6 different answers, exactly one of them correct; "correctIndex" is its',
    '  position, counted from 0. Never offer "all of the above" or "none of the above".',
    '- The correct answer must be stated in the SOP; the wrong ones must be plausible.',
    `- "category": one of ${QUESTION_CATEGORIES.join(', ')}.`,
    '- "sourcePassage": the SOP passage the answer comes from, quoted word for word.',
    '- "explanation": why the answer is correct, citing that passage.',
    'Also give a "title", a one-paragraph "description" of the SOP and up to 10',
    '"keyLearningPoints" (warnings and critical values first).',
    `The SOP is written in ${name}: write the title, the description, every question, option,`,
    `explanation and key learning point in ${name}, as the SOP's readers speak it. Keep`,
    '"category" as one of the English words above, and quote "sourcePassage" as the SOP writes it.',
    'Answer with JSON only.',
  ].join('\n');
}

export function sopMessage(title: string, chunk: string, part: number, parts: number): string {
  const which = parts > 1 ? ` (part ${part} of ${parts}; ask only about this part)` : '';
  return `SOP title: ${title}${which}\n\n<sop>\n${chunk}\n</sop>`;
}

/** Gemini's structured output: the model is held to the shape of an EvaluationDraft. */
export const EVALUATION_SCHEMA: ResponseSchema = {
  type: SchemaType.OBJECT,
  properties: {
    title: { type: SchemaType.STRING },
    description: { type: SchemaType.STRING },
    questions: {
      type: SchemaType.ARRAY,
      items: {
        type: SchemaType.OBJECT,
        properties: {
          text: { type: SchemaType.STRING },
          category: { type: SchemaType.STRING },
          options: { type: SchemaType.ARRAY, items: { type: SchemaType.STRING } },
          correctIndex: { type: SchemaType.INTEGER },
          explanation: { type: SchemaType.STRING },
          sourcePassage: { type: SchemaType.STRING },
        },
        required: ['text', 'category', 'options', 'correctIndex', 'explanation', 'sourcePassage'],
      },
    },
    keyLearningPoints: { type: SchemaType.ARRAY, items: { type: SchemaType.STRING } },
  },
  required: ['title', 'description', 'questions', 'keyLearningPoints'],
};
