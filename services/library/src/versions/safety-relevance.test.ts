import { describe, expect, it } from 'vitest';
import { isSafetyTag, mentionsSafety, safetyChanges } from './safety-relevance.js';
import { diffSop } from './step-diff.js';

/** The structured markdown the PDF worker makes of a short cooling SOP. */
const COOLING = `# Cooling Cooked Food

Purpose: cool cooked food quickly so that bacteria cannot grow.

# Protective equipment

Wear heat-resistant gloves and a hairnet when handling hot pans.

# Procedure

1. Check the core temperature of the food with a calibrated probe thermometer.
2. Cool the food from 63 °C to 21 °C within 2 hours.
3. Store the cooled food in the walk-in refrigerator at 3 °C or below.

WARNING: Never leave hot food to cool at room temperature for more than 30 minutes.

# Corrective action

If the food is not below 21 °C after 2 hours, reheat it to 75 °C and start again.
`;

const changed = (find: string, replace: string) => {
  if (!COOLING.includes(find)) throw new Error(`not in the SOP: ${find}`);
  return COOLING.replace(find, replace);
};
const touched = (after: string, tagged = false) =>
  safetyChanges(diffSop(COOLING, after).changes, tagged);

describe('safety-relevant changes', () => {
  it('finds none between a version and itself, tagged or not', () => {
    expect(touched(COOLING)).toEqual([]);
    expect(touched(COOLING, true)).toEqual([]);
  });

  it('ignores a changed step in a section that does not mention safety', () => {
    const after = changed('within 2 hours.', 'within 90 minutes.');
    expect(diffSop(COOLING, after).summary.changed).toBe(1);
    expect(touched(after)).toEqual([]);
  });

  it('counts every change of an SOP tagged Safety', () => {
    const after = changed('within 2 hours.', 'within 90 minutes.');
    expect(touched(after, true)).toHaveLength(1);
  });

  it('counts a change under a heading about protective equipment', () => {
    const after = changed('gloves and a hairnet', 'gloves, an apron and a hairnet');
    const changes = touched(after);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ status: 'changed', section: 'Protective equipment' });
  });

  it('counts an added step that is itself a warning, and a removed safety section', () => {
    const added = changed(
      '3. Store the cooled',
      '3. CAUTION: containers are hot, use the trolley.\n4. Store the cooled',
    );
    expect(touched(added).map((change) => change.status)).toContain('added');
    const removed = changed(
      '# Protective equipment\n\nWear heat-resistant gloves and a hairnet when handling hot pans.\n\n',
      '',
    );
    expect(touched(removed).length).toBeGreaterThanOrEqual(1);
  });

  it('counts an edited WARNING line even outside a safety section', () => {
    const after = changed('more than 30 minutes', 'more than 20 minutes');
    expect(touched(after)).toHaveLength(1);
  });

  it('reads safety words whole, in any case', () => {
    expect(mentionsSafety('Safety first')).toBe(true);
    expect(mentionsSafety('Wear PPE')).toBe(true);
    expect(mentionsSafety('Lockout the press')).toBe(true);
    expect(mentionsSafety('Safeguarding records')).toBe(false);
    expect(mentionsSafety('Procedure')).toBe(false);
    expect(mentionsSafety(null)).toBe(false);
    expect(isSafetyTag(' Safety ')).toBe(true);
    expect(isSafetyTag('Food safety')).toBe(false);
  });
});
