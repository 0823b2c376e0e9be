import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from '../i18n/i18n';
import { unknownPersonLabel } from './label';

describe("an unknown person's label", () => {
  afterEach(() => applyLanguage('en'));

  it("is made from their number in the reader's language", async () => {
    expect(unknownPersonLabel({ number: 3, label: 'Unknown person 3' })).toBe('Unknown person 3');
    applyLanguage('es');
    await i18n.changeLanguage('es');
    expect(unknownPersonLabel({ number: 3, label: 'Unknown person 3' })).toBe(
      'Persona desconocida 3',
    );
  });

  it('reads the number from a report stored with the English label only', async () => {
    applyLanguage('fr');
    await i18n.changeLanguage('fr');
    expect(unknownPersonLabel({ label: 'Unknown person 12' })).toBe('Personne inconnue 12');
    expect(unknownPersonLabel({ label: 'Someone else' })).toBe('Someone else');
  });
});
