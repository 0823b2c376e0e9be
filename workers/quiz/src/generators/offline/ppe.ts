/** One piece of protective equipment named in a passage. */
export interface PpeMention {
  /** As the SOP writes it, e.g. "cut-resistant gloves". */
  text: string;
  /** Which kind of equipment, so "nitrile gloves" and "gloves" count as the same. */
  family: string;
}

const MODIFIER = String.raw`(?:(?:cut|heat|chemical|acid|slip)[- ]resistant|nitrile|latex|vinyl|rubber|leather|insulated|disposable|protective|safety|steel[- ]toe[ds]?|chemical|splash|anti[- ]static|welding|thermal|oven|clean|blue|hi[- ]vis(?:ibility)?|high[- ]visibility)`;

const FAMILIES: { family: string; pattern: string; suggestion: string }[] = [
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

const MATCHERS = FAMILIES.map(({ family, pattern }) => ({
  family,
  regex: new RegExp(String.raw`\b(?:${MODIFIER}\s)?(?:${pattern})\b`, 'gi'),
}));

/** The protective equipment a passage names, one mention per kind. */
export function findPpe(text: string): PpeMention[] {
  const mentions: PpeMention[] = [];
  const taken: [number, number][] = [];
  for (const { family, regex } of MATCHERS) {
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

/** Equipment to offer as wrong answers when the SOP names too few kinds itself. */
export const PPE_SUGGESTIONS: PpeMention[] = FAMILIES.map(({ family, suggestion }) => ({
  text: suggestion,
  family,
}));
