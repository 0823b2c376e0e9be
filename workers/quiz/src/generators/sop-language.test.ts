import { describe, expect, it } from 'vitest';
import { detectSopLanguage } from './sop-language.ts';

describe('detectSopLanguage', () => {
  it('tells Spanish, French and English procedures apart by their short words', () => {
    expect(
      detectSopLanguage(
        'Enfriamiento de alimentos cocidos. 1. Enfríe los alimentos de 63 °C a 21 °C en menos de 2 horas. 2. Guarde los recipientes en la cámara a 3 °C o menos. Use recipientes poco profundos y cubra los alimentos antes de guardarlos. El supervisor debe revisar las temperaturas cada turno.',
      ),
    ).toBe('es');
    expect(
      detectSopLanguage(
        'Refroidissement des aliments cuits. 1. Refroidissez les aliments de 63 °C à 21 °C en moins de 2 heures. 2. Stockez les bacs en chambre froide à 3 °C ou moins. Utilisez des bacs peu profonds et couvrez les aliments avant le stockage. Le responsable doit contrôler les températures à chaque poste.',
      ),
    ).toBe('fr');
    expect(
      detectSopLanguage(
        'Cooling cooked food. 1. Cool the food from 63 °C to 21 °C within 2 hours. 2. Store the containers in the walk-in at 3 °C or below. Use shallow containers and cover the food before it is stored. The supervisor must check the temperatures on every shift.',
      ),
    ).toBe('en');
  });

  it('reads too little text, or no clear lead, as English', () => {
    expect(detectSopLanguage('Nombre: Juan')).toBe('en');
    expect(detectSopLanguage('')).toBe('en');
  });
});
