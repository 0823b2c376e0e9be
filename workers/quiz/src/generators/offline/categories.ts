import type { QuestionCategory } from '@hub/proto/jobs';

/** Proto's QUESTION_CATEGORIES, which the web app words in its reader's language. */
export type Category = QuestionCategory;

/**
 * Words of each category in the languages an SOP may be written in (English, Spanish, French).
 * `\p{L}` rather than `\w` and `\b`, which know only ASCII: "protección", "équipement".
 */
const WORDS: Record<Exclude<Category, 'Procedure'>, string> = {
  Safety: String.raw`hazard\p{L}*|danger\p{L}*|injur\p{L}*|burn\p{L}*|lockout|lock-out|tag-?out|isolat\p{L}*|ppe|protective|gloves|goggles|fire|emergency|warning|caution|first aid|chemical\p{L}*|spill\p{L}*|cut\p{L}*|peligr\p{L}*|riesgo\p{L}*|lesi\p{L}*|quemad\p{L}*|bloqueo|consignation|epp|epi|protecci\p{L}*|guantes|gants|gafas|lunettes|incendi\p{L}*|emergencia\p{L}*|urgence\p{L}*|advertencia|avertissement|precauci\p{L}*|primeros auxilios|premiers secours|químic\p{L}*|chimique\p{L}*|derram\p{L}*|déversement\p{L}*|corte\p{L}*|coupure\p{L}*|brûl\p{L}*|blessure\p{L}*`,
  Quality: String.raw`temperature|contaminat\p{L}*|hygien\p{L}*|sanit\p{L}*|clean\p{L}*|quality|inspect\p{L}*|defect\p{L}*|allergen\p{L}*|microb\p{L}*|bacteria|spoil\p{L}*|probe|core|chill\p{L}*|cook\p{L}*|fresh|temperatura|température|contamina\p{L}*|higien\p{L}*|hygiène|limpi\p{L}*|nettoy\p{L}*|desinfect\p{L}*|désinfect\p{L}*|calidad|qualité|inspecci\p{L}*|contrôl\p{L}*|defecto\p{L}*|défaut\p{L}*|alérgen\p{L}*|allergène\p{L}*|bacterias|bactéri\p{L}*|sonda|sonde|centro|cœur|enfri\p{L}*|refroid\p{L}*|cocin\p{L}*|cocci\p{L}*|cuisson|cuit\p{L}*|fresco\p{L}*|frais`,
  Equipment: String.raw`machine\p{L}*|equipment|tool\p{L}*|torque|wrench|bolt\p{L}*|valve\p{L}*|pump\p{L}*|motor\p{L}*|blade\p{L}*|guard\p{L}*|calibrat\p{L}*|gauge\p{L}*|pressure|sensor\p{L}*|oven|mixer|conveyor|máquina\p{L}*|equipo\p{L}*|équipement\p{L}*|herramienta\p{L}*|outil\p{L}*|par de apriete|couple de serrage|llave\p{L}*|clé\p{L}*|perno\p{L}*|boulon\p{L}*|válvula\p{L}*|vanne\p{L}*|bomba\p{L}*|pompe\p{L}*|moteur\p{L}*|cuchilla\p{L}*|resguardo\p{L}*|calibración|calibrar|étalonn\p{L}*|manómetro\p{L}*|manomètre\p{L}*|presión|pression|sensor\p{L}*|capteur\p{L}*|horno|mezcladora|mélangeur|cinta transportadora|convoyeur`,
  Compliance: String.raw`record\p{L}*|log\p{L}*|document\p{L}*|sign\p{L}*|regulat\p{L}*|audit\p{L}*|haccp|law\p{L}*|legal\p{L}*|permit\p{L}*|report\p{L}*|authori[sz]\p{L}*|complian\p{L}*|supervisor|registro\p{L}*|registrar|anota\p{L}*|anote\p{L}*|notez|firma|firmar|normativ\p{L}*|réglement\p{L}*|appcc|ley\p{L}*|loi\p{L}*|permiso\p{L}*|permis|informe|informes|rapport\p{L}*|autoriz\p{L}*|autoris\p{L}*|cumplimiento|conformité|responsable`,
};

const KEYWORDS = Object.fromEntries(
  Object.entries(WORDS).map(([category, words]) => [
    category,
    new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${words})(?![\p{L}\p{N}])`, 'giu'),
  ]),
) as Record<Exclude<Category, 'Procedure'>, RegExp>;

/** The category a passage is mostly about, judged by its words; otherwise the fallback. */
export function categoryOf(text: string, fallback: Category): Category {
  let best: Category = fallback;
  let bestScore = 0;
  for (const [category, pattern] of Object.entries(KEYWORDS) as [Category, RegExp][]) {
    const score = text.match(pattern)?.length ?? 0;
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  return best;
}
