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

/** The chicken SOP as a Spanish-speaking kitchen writes it. */
export const POLLO_MARKDOWN = `# Cocción y enfriamiento del pollo

## Objetivo

Este procedimiento asegura que el pollo cocinado se puede comer sin riesgo. Se aplica a todos los cocineros de la línea caliente.

## Preparación

1. Lávate las manos durante al menos 20 segundos con agua tibia y jabón.
2. Ponte la redecilla y los guantes desechables antes de tocar el pollo crudo.
3. Comprueba que la cámara está a 4 °C o menos.
4. Saca el pollo de la cámara como máximo 30 minutos antes de cocinarlo.

## Cocción

1. Precalienta el horno mixto a 180 °C.
2. Cocina el pollo hasta que el centro llegue a 75 °C durante al menos 30 segundos.
3. Mide la temperatura del centro con un termómetro de sonda desinfectado en la parte más gruesa.
4. Anota la temperatura y la hora en el registro APPCC de cocción.

**ADVERTENCIA:** Los jugos del pollo crudo pueden transmitir salmonela. Nunca uses la misma tabla para el pollo crudo y el cocinado.

## Enfriamiento

1. Enfría el pollo cocinado de 60 °C a 21 °C en menos de 2 horas.
2. Enfríalo después hasta 5 °C en las 4 horas siguientes.
3. Etiqueta el recipiente con la fecha, la hora y tus iniciales.

**PRECAUCIÓN:** Usa guantes térmicos y delantal para mover las bandejas calientes.
`;

/** The chicken SOP as a French-speaking kitchen writes it. */
export const POULET_MARKDOWN = `# Cuisson et refroidissement du poulet

## Objet

Ce mode opératoire garantit que le poulet cuit peut être consommé sans risque. Il s’applique à tous les cuisiniers de la ligne chaude.

## Préparation

1. Lavez-vous les mains pendant au moins 20 secondes avec de l’eau tiède et du savon.
2. Mettez une charlotte et des gants jetables avant de manipuler le poulet cru.
3. Vérifiez que la chambre froide est à 4 °C ou moins.
4. Sortez le poulet de la chambre froide au plus tard 30 minutes avant la cuisson.

## Cuisson

1. Préchauffez le four mixte à 180 °C.
2. Faites cuire le poulet jusqu’à ce que le cœur atteigne 75 °C pendant au moins 30 secondes.
3. Mesurez la température à cœur avec une sonde désinfectée dans la partie la plus épaisse.
4. Notez la température et l’heure sur le registre HACCP de cuisson.

**AVERTISSEMENT :** Les jus du poulet cru peuvent transmettre la salmonelle. N’utilisez jamais la même planche pour le poulet cru et le poulet cuit.

## Refroidissement

1. Refroidissez le poulet cuit de 60 °C à 21 °C en moins de 2 heures.
2. Refroidissez-le ensuite jusqu’à 5 °C dans les 4 heures suivantes.
3. Étiquetez le bac avec la date, l’heure et vos initiales.

**ATTENTION :** Portez des gants anti-chaleur et un tablier pour déplacer les plaques chaudes.
`;
