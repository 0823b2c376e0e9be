export const CATEGORIES = ['Safety', 'Procedure', 'Quality', 'Equipment', 'Compliance'] as const;
export type Category = (typeof CATEGORIES)[number];

const KEYWORDS: Record<Exclude<Category, 'Procedure'>, RegExp> = {
  Safety:
    /\b(hazard\w*|danger\w*|injur\w*|burn\w*|lockout|lock-out|tag-?out|isolat\w*|ppe|protective|gloves|goggles|fire|emergency|warning|caution|first aid|chemical\w*|spill\w*|cut\w*)\b/i,
  Quality:
    /\b(temperature|contaminat\w*|hygien\w*|sanit\w*|clean\w*|quality|inspect\w*|defect\w*|allergen\w*|microb\w*|bacteria|spoil\w*|probe|core|chill\w*|cook\w*|fresh)\b/i,
  Equipment:
    /\b(machine\w*|equipment|tool\w*|torque|wrench|bolt\w*|valve\w*|pump\w*|motor\w*|blade\w*|guard\w*|calibrat\w*|gauge\w*|pressure|sensor\w*|oven|mixer|conveyor)\b/i,
  Compliance:
    /\b(record\w*|log\w*|document\w*|sign\w*|regulat\w*|audit\w*|haccp|law\w*|legal\w*|permit\w*|report\w*|authori[sz]\w*|complian\w*|supervisor)\b/i,
};

/** The category a passage is mostly about, judged by its words; otherwise the fallback. */
export function categoryOf(text: string, fallback: Category): Category {
  let best: Category = fallback;
  let bestScore = 0;
  for (const [category, pattern] of Object.entries(KEYWORDS) as [Category, RegExp][]) {
    const score = text.match(new RegExp(pattern.source, 'gi'))?.length ?? 0;
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  return best;
}
