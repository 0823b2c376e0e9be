import type { Language } from '@hub/proto';

/** One piece of protective equipment named in a passage. */
export interface PpeMention {
  /** As the SOP writes it, e.g. "cut-resistant gloves". */
  text: string;
  /** Which kind of equipment, so "nitrile gloves" and "gloves" count as the same. */
  family: string;
}

interface Family {
  family: string;
  pattern: string;
  /** Offered as a wrong answer when the SOP names too few kinds itself. */
  suggestion: string;
}

const EN_MODIFIER = String.raw`(?:(?:cut|heat|chemical|acid|slip)[- ]resistant|nitrile|latex|vinyl|rubber|leather|insulated|disposable|protective|safety|steel[- ]toe[ds]?|chemical|splash|anti[- ]static|welding|thermal|oven|clean|blue|hi[- ]vis(?:ibility)?|high[- ]visibility)`;

const EN_FAMILIES: Family[] = [
  { family: 'gloves', pattern: String.raw`gloves|gauntlets|oven mitts`, suggestion: 'gloves' },
  {
    family: 'eye protection',
    pattern: String.raw`goggles|safety glasses|safety spectacles|eye protection`,
    suggestion: 'safety goggles',
  },
  { family: 'face shield', pattern: String.raw`face shields?|visors?`, suggestion: 'face shield' },
  {
    family: 'hairnet',
    pattern: String.raw`hair ?nets?|hair coverings?|hair caps?`,
    suggestion: 'hairnet',
  },
  {
    family: 'beard net',
    pattern: String.raw`beard (?:nets?|snoods?|covers?)`,
    suggestion: 'beard net',
  },
  { family: 'apron', pattern: String.raw`aprons?`, suggestion: 'apron' },
  {
    family: 'mask',
    pattern: String.raw`respirators?|dust masks?|face masks?|masks?`,
    suggestion: 'face mask',
  },
  {
    family: 'hearing protection',
    pattern: String.raw`ear ?plugs|ear ?muffs|ear protection|hearing protection|ear defenders`,
    suggestion: 'ear protection',
  },
  {
    family: 'footwear',
    pattern: String.raw`safety (?:shoes|boots|footwear)|steel[- ]toe[ds]? (?:boots|shoes)|work boots`,
    suggestion: 'safety shoes',
  },
  {
    family: 'hard hat',
    pattern: String.raw`hard ?hats?|safety helmets?|helmets?`,
    suggestion: 'hard hat',
  },
  {
    family: 'vest',
    pattern: String.raw`(?:hi[- ]vis(?:ibility)?|high[- ]visibility|reflective) (?:vests?|jackets?)`,
    suggestion: 'high-visibility vest',
  },
  {
    family: 'body covering',
    pattern: String.raw`lab coats?|coveralls|overalls|protective clothing|smocks?`,
    suggestion: 'coveralls',
  },
  {
    family: 'sleeve guards',
    pattern: String.raw`sleeve (?:guards|protectors)`,
    suggestion: 'sleeve guards',
  },
];

/** Spanish and French say what kind after the noun: "guantes desechables", "gants jetables". */
const ES_MODIFIER = String.raw`(?:desechables|de (?:nitrilo|látex|vinilo|goma|cuero|protección|seguridad)|térmic[oa]s|anticorte|resistentes al (?:corte|calor)|aislantes|protector[ae]s)`;

const ES_FAMILIES: Family[] = [
  { family: 'gloves', pattern: String.raw`guantes|manoplas`, suggestion: 'guantes' },
  {
    family: 'eye protection',
    pattern: String.raw`gafas|anteojos de seguridad|lentes de seguridad|protección ocular`,
    suggestion: 'gafas de seguridad',
  },
  {
    family: 'face shield',
    pattern: String.raw`pantallas? faciale?s?|protectore?s? faciale?s?|viseras?`,
    suggestion: 'pantalla facial',
  },
  {
    family: 'beard net',
    pattern: String.raw`cubrebarbas?|redecillas? para (?:la )?barba`,
    suggestion: 'cubrebarba',
  },
  { family: 'hairnet', pattern: String.raw`redecillas?|cofias?|gorros?`, suggestion: 'redecilla' },
  { family: 'apron', pattern: String.raw`delantal(?:es)?|mandil(?:es)?`, suggestion: 'delantal' },
  {
    family: 'mask',
    pattern: String.raw`mascarillas?|respiradore?s?|cubrebocas|tapabocas`,
    suggestion: 'mascarilla',
  },
  {
    family: 'hearing protection',
    pattern: String.raw`tapones (?:para los oídos|auditivos)|orejeras|protección auditiva|protectores auditivos`,
    suggestion: 'protección auditiva',
  },
  {
    family: 'footwear',
    pattern: String.raw`(?:calzado|botas|zapatos) (?:de seguridad|con puntera de acero)`,
    suggestion: 'calzado de seguridad',
  },
  { family: 'hard hat', pattern: String.raw`cascos?`, suggestion: 'casco de seguridad' },
  {
    family: 'vest',
    pattern: String.raw`chalecos? (?:reflectantes?|de alta visibilidad)`,
    suggestion: 'chaleco reflectante',
  },
  {
    family: 'body covering',
    pattern: String.raw`batas?|overoles?|monos? de trabajo|ropa (?:de protección|protectora)`,
    suggestion: 'bata',
  },
  { family: 'sleeve guards', pattern: String.raw`manguitos`, suggestion: 'manguitos' },
];

const FR_MODIFIER = String.raw`(?:jetables|à usage unique|en (?:nitrile|latex|vinyle|caoutchouc|cuir)|anti-?chaleur|anti-?coupures?|résistants? (?:à la chaleur|aux coupures)|isolants|thermiques|de (?:protection|sécurité))`;

const FR_FAMILIES: Family[] = [
  { family: 'gloves', pattern: String.raw`gants|moufles`, suggestion: 'gants' },
  {
    family: 'eye protection',
    pattern: String.raw`lunettes (?:de (?:sécurité|protection)|protectrices)|protection oculaire`,
    suggestion: 'lunettes de sécurité',
  },
  {
    family: 'face shield',
    pattern: String.raw`écran facial|écrans faciaux|visières?`,
    suggestion: 'écran facial',
  },
  {
    family: 'hairnet',
    pattern: String.raw`charlottes?|filets? à cheveux|coiffes?`,
    suggestion: 'charlotte',
  },
  {
    family: 'beard net',
    pattern: String.raw`cache-barbes?|couvre-barbes?`,
    suggestion: 'cache-barbe',
  },
  { family: 'apron', pattern: String.raw`tabliers?`, suggestion: 'tablier' },
  {
    family: 'mask',
    pattern: String.raw`masques?(?: FFP\d| respiratoires?| chirurgicaux)?|respirateurs?`,
    suggestion: 'masque',
  },
  {
    family: 'hearing protection',
    pattern: String.raw`bouchons d[’']oreilles|casques? anti-?bruit|protections? auditives?`,
    suggestion: 'protection auditive',
  },
  {
    family: 'footwear',
    pattern: String.raw`(?:chaussures|bottes) (?:de sécurité|à coque)`,
    suggestion: 'chaussures de sécurité',
  },
  {
    family: 'hard hat',
    pattern: String.raw`casques?(?: de chantier)?`,
    suggestion: 'casque de sécurité',
  },
  {
    family: 'vest',
    pattern: String.raw`gilets? (?:haute visibilité|réfléchissants?|fluo)`,
    suggestion: 'gilet haute visibilité',
  },
  {
    family: 'body covering',
    pattern: String.raw`blouses?|sur-blouses?|combinaisons?|vêtements de (?:protection|travail)`,
    suggestion: 'blouse',
  },
  {
    family: 'sleeve guards',
    pattern: String.raw`manchettes|protège-bras`,
    suggestion: 'manchettes',
  },
];

/** Letters of any script: `\\b` knows only ASCII, so "écran" would have no word start. */
const START = String.raw`(?<![\p{L}\p{N}])`;
const END = String.raw`(?![\p{L}\p{N}])`;

const matchers = (families: Family[], phrase: (pattern: string) => string) =>
  families.map(({ family, pattern }) => ({
    family,
    regex: new RegExp(`${START}${phrase(pattern)}${END}`, 'giu'),
  }));

/** Each language's equipment; in which order a kind is looked for matters ("casque anti-bruit"). */
const LANGUAGES: Record<Language, { families: Family[]; matchers: ReturnType<typeof matchers> }> = {
  en: {
    families: EN_FAMILIES,
    matchers: matchers(EN_FAMILIES, (pattern) => `(?:${EN_MODIFIER}\\s)?(?:${pattern})`),
  },
  es: {
    families: ES_FAMILIES,
    matchers: matchers(ES_FAMILIES, (pattern) => `(?:${pattern})(?:\\s${ES_MODIFIER})?`),
  },
  fr: {
    families: FR_FAMILIES,
    matchers: matchers(FR_FAMILIES, (pattern) => `(?:${pattern})(?:\\s${FR_MODIFIER})?`),
  },
};

/** Words that say a passage is about taking equipment off or going without it. */
export const NEGATED_PPE: Record<Language, RegExp> = {
  en: /\b(do not|don't|never|must not|remove|take off|without)\b/i,
  es: new RegExp(`${START}(no|nunca|sin|quít\\p{L}*|quita\\p{L}*|retir\\p{L}*)${END}`, 'iu'),
  fr: new RegExp(
    `${START}(ne|n[’']\\p{L}+|jamais|sans|retir\\p{L}*|enlev\\p{L}*|ôt\\p{L}*)${END}`,
    'iu',
  ),
};

/** The protective equipment a passage names, one mention per kind. */
export function findPpe(text: string, language: Language = 'en'): PpeMention[] {
  const mentions: PpeMention[] = [];
  const taken: [number, number][] = [];
  for (const { family, regex } of LANGUAGES[language].matchers) {
    for (const match of text.matchAll(regex)) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken.some(([from, to]) => start < to && end > from)) continue;
      taken.push([start, end]);
      if (!mentions.some((mention) => mention.family === family)) {
        mentions.push({ text: match[0], family });
      }
    }
  }
  return mentions;
}

/** Equipment to offer as wrong answers when the SOP names too few kinds itself, in its language. */
export function ppeSuggestions(language: Language): PpeMention[] {
  return LANGUAGES[language].families.map(({ family, suggestion }) => ({
    text: suggestion,
    family,
  }));
}
