import type { EvaluationDraft } from '@hub/proto/jobs';

const key = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** Joins the evaluations of an SOP's chunks: no question or point twice, within the caps. */
export function mergeDrafts(
  drafts: EvaluationDraft[],
  limits: { maxQuestions: number; maxLearningPoints: number },
): EvaluationDraft {
  const first = drafts[0]!;
  const questions = new Map<string, EvaluationDraft['questions'][number]>();
  const points = new Map<string, string>();
  // Round-robin over chunks, so a cap keeps questions from every part of the SOP.
  const longest = Math.max(...drafts.map((draft) => draft.questions.length));
  for (let index = 0; index < longest; index++) {
    for (const draft of drafts) {
      const question = draft.questions[index];
      if (question && !questions.has(key(question.text)))
        questions.set(key(question.text), question);
    }
  }
  for (const draft of drafts) {
    for (const point of draft.keyLearningPoints)
      if (!points.has(key(point))) points.set(key(point), point);
  }
  return {
    title: first.title,
    description: first.description,
    questions: [...questions.values()].slice(0, limits.maxQuestions),
    keyLearningPoints: [...points.values()].slice(0, limits.maxLearningPoints),
  };
}
