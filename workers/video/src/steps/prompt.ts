import type { SopText } from './step-analyzer.ts';

/** SOP text sent per SOP, at most; the rest is cut (the steps are usually at the start). */
export const MAX_SOP_CHARS = 40_000;

export const STEP_SCHEMA_TEXT = `Answer with JSON only, in this shape:
{"sops": [{"sopId": number, "sopTitle": string, "summary": string,
  "steps": [{"step": string, "observed": true | false | null, "timestamps": [seconds, ...],
             "remarks": string}]}]}
One entry per SOP listed, with its sopId. "observed" is null when the video cannot tell.
"timestamps" are seconds from the start of the video where the step is seen.`;

export function stepPrompt(prompt: string, sops: readonly SopText[]): string {
  const parts = sops.map((sop) => {
    const text =
      sop.text.length > MAX_SOP_CHARS ? `${sop.text.slice(0, MAX_SOP_CHARS)}\n[…]` : sop.text;
    return `### SOP ${sop.sopId}: ${sop.sopTitle}\n${text.trim()}`;
  });
  return [
    prompt.trim(),
    'Compare the attached video with each step of the following standard operating procedures.',
    ...parts,
    STEP_SCHEMA_TEXT,
  ].join('\n\n');
}
