import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from '../i18n/i18n';
import { stepWords } from './stepText';

describe('an onboarding step in its reader’s language', () => {
  afterEach(() => applyLanguage('en'));

  it('words its key and counts, in agreement with the number', async () => {
    applyLanguage('es');
    await i18n.changeLanguage('es');
    const sops = (count: number) =>
      stepWords({ text: { key: 'first_sop', params: { sops: count } } });
    expect(sops(1)).toEqual({ label: 'Procesa tu primer SOP', detail: '1 SOP procesado' });
    expect(sops(3).detail).toBe('3 SOP procesados');
    applyLanguage('fr');
    await i18n.changeLanguage('fr');
    const materials = stepWords({
      text: { key: 'materials', params: { accepted: 2, invited: 3 } },
    });
    expect(materials.detail).toBe('2 sur 3 personnes invitées ont terminé leur inscription');
  });

  it('says in English what the server says', () => {
    const people = stepWords({ text: { key: 'people', params: { members: 1, invitations: 2 } } });
    expect(people).toEqual({
      label: 'Import or invite your people',
      detail: '1 member besides administrators, 2 invitations not yet accepted',
    });
  });
});
