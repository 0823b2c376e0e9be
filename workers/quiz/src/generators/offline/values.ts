export type ValueKind = 'temperature' | 'time' | 'torque' | 'pressure' | 'percentage' | 'quantity';

/** A required value as the SOP writes it, e.g. "75 °C" or "30 seconds". */
export interface MeasuredValue {
  kind: ValueKind;
  /** Exactly as in the text. */
  text: string;
  amount: number;
  /** The text after the number, spacing included (" °C", "%"), for writing neighbours alike. */
  unitText: string;
  decimals: number;
  /** Where the value starts in its passage. */
  start: number;
}

const NUMBER = String.raw`([-−]?\d+(?:[.,]\d+)?)`;
const END = String.raw`(?![\p{L}\d])`;

const PATTERNS: { kind: ValueKind; unit: string }[] = [
  {
    kind: 'temperature',
    unit: String.raw`\s?°\s?[CF]|\s?º\s?[CF]|\s?degrees?\s(?:Celsius|Fahrenheit|C|F)`,
  },
  {
    kind: 'torque',
    unit: String.raw`\s?(?:N\s?[·⋅.*-]?\s?m|Nm|lb[·.\s-]?ft|ft[·.\s-]?lbs?|in[·.\s-]?lbs?)`,
  },
  { kind: 'pressure', unit: String.raw`\s?(?:bar|mbar|psi|kPa|MPa|hPa)` },
  { kind: 'percentage', unit: String.raw`\s?(?:%|per\s?cent|percent|por\s?ciento|pour\s?cent)` },
  {
    kind: 'time',
    // English, Spanish and French units: an SOP's values are asked about in its own language.
    unit: String.raw`\s?(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|segundos?|minutos?|horas?|d[íi]as?|semanas?|meses|secondes?|heures?|jours?|semaines?|mois)|\s(?:h|s)`,
  },
  {
    kind: 'quantity',
    unit: String.raw`\s?(?:ml|mL|litres?|liters?|litros?|L|kg|mg|g|ppm|mm|cm|m|pieces?|pi[èe]ces?|piezas?|drops?|gotas?|gouttes?|times|veces|fois)`,
  },
];

const MATCHERS = PATTERNS.map(({ kind, unit }) => ({
  kind,
  regex: new RegExp(String.raw`(?<![\p{L}\d.,])${NUMBER}(${unit})${END}`, 'gu'),
}));

const parseAmount = (text: string) => Number(text.replace('−', '-').replace(',', '.'));

/** Every measured value in a passage, in reading order; a span is claimed by one kind only. */
export function extractValues(text: string): MeasuredValue[] {
  const found: MeasuredValue[] = [];
  const taken: [number, number][] = [];
  for (const { kind, regex } of MATCHERS) {
    for (const match of text.matchAll(regex)) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken.some(([from, to]) => start < to && end > from)) continue;
      taken.push([start, end]);
      const number = match[1]!;
      const decimals = /[.,](\d+)$/.exec(number)?.[1]?.length ?? 0;
      found.push({
        kind,
        text: match[0],
        amount: parseAmount(number),
        unitText: match[2]!,
        decimals,
        start,
      });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

const COUNTED_UNIT = /^(\s?)(second|minute|hour|day|week|month|piece|drop|litre|liter)(s?)$/;

/** Writes another amount the way the SOP wrote this value: same decimals, spacing and unit. */
export function formatLike(value: MeasuredValue, amount: number): string {
  let decimals = value.decimals;
  while (
    decimals < 2 &&
    Math.abs(amount * 10 ** decimals - Math.round(amount * 10 ** decimals)) > 1e-9
  ) {
    decimals += 1;
  }
  const number = amount.toFixed(decimals);
  const counted = COUNTED_UNIT.exec(value.unitText);
  const unit = counted
    ? `${counted[1]}${counted[2]}${Number(number) === 1 ? '' : 's'}`
    : value.unitText;
  return `${number}${unit}`;
}

/** Plausible other values of the same kind, for when the SOP holds too few of its own. */
export function neighbourAmounts(value: MeasuredValue): number[] {
  const a = value.amount;
  const step = (fraction: number, minimum: number) => Math.max(minimum, Math.abs(a) * fraction);
  switch (value.kind) {
    case 'temperature':
      return [a + 5, a - 5, a + 10, a - 10, a + 15];
    case 'percentage':
      return [a + 5, a - 5, a + 10, a - 10, a + 20].filter((p) => p >= 0 && p <= 100);
    case 'time':
      return [a * 2, a / 2, a * 3, a + step(0.5, 1), a * 4].filter((n) => n > 0);
    case 'torque':
    case 'pressure':
    case 'quantity':
      return [a * 2, a / 2, a + step(0.25, 1), a - step(0.25, 1), a * 3].filter((n) => n > 0);
  }
}
