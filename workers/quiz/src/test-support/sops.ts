/** SOPs as the PDF worker stores them (markdown and plain text), written for the tests. */
export const FOOD_SAFETY_MARKDOWN = `# Cooking and Cooling Chicken

## Purpose

This procedure makes sure cooked chicken is safe to eat. It applies to every cook on the hot line.

## Preparation

1. Wash hands for at least 20 seconds with soap and warm water.
2. Put on a hairnet and disposable gloves before handling raw chicken.
3. Check that the walk-in chiller is at 4 °C or below.
4. Take the chicken out of the chiller no more than 30 minutes before cooking.

## Cooking

1. Preheat the combi oven to 180 °C.
2. Cook the chicken until the core temperature reaches 75 °C for at least 30 seconds.
3. Measure the core temperature with a sanitised probe thermometer in the thickest part.
4. Record the temperature and time on the HACCP cooking log.

**WARNING:** Raw chicken juices can spread Salmonella. Never use the same cutting board for raw and cooked chicken.

## Cooling

1. Cool cooked chicken from 60 °C to 21 °C within 2 hours.
2. Cool it further to 5 °C within the next 4 hours.
3. Label the container with the date, time and your initials.

**CAUTION:** Wear heat-resistant gloves and an apron when moving hot trays.

NOTE: Discard any chicken that has not reached 5 °C within 6 hours in total.
`;

export const MAINTENANCE_TEXT = `Conveyor Gearbox Replacement

Scope

This SOP covers the replacement of the gearbox on packing line conveyors by maintenance technicians.

Lockout

WARNING: Isolate and lock out the main electrical supply before opening any guard. Stored energy in the drive can cause serious injury.

1. Switch off the conveyor at the local control panel.
2. Apply your personal padlock and tag to the main isolator.
3. Try to start the conveyor to prove it is dead.

Removal

1. Wear safety glasses and cut-resistant gloves while removing the guard.
2. Loosen the four motor mounting bolts.
3. Drain the gearbox oil into a tray of at least 5 L.
4. Lift the gearbox with the hoist; it weighs 38 kg.

Installation

1. Fit the new gearbox and hand-tighten the mounting bolts.
2. Tighten the mounting bolts to 45 N·m in a cross pattern.
3. Tighten the coupling screws to 12 N·m.
4. Fill the gearbox with 1.5 L of ISO VG 220 oil.
5. Set the air supply to the brake to 6 bar.

Testing

1. Remove your padlock and tag only after all guards are refitted.
2. Run the conveyor for 10 minutes and check the gearbox temperature stays below 70 °C.
3. Record the work in the maintenance log and sign it off.

CAUTION: Keep hands and loose clothing away from the running conveyor. Ear protection is required near the drive when it runs above 85 % speed.
`;

export const SHORT_TEXT = 'Wash hands.\n\nWear gloves.\n';
