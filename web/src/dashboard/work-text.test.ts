import { DEFAULT_PREFERENCES, type WorkEventText } from '@hub/proto';
import { afterEach, describe, expect, it } from 'vitest';
import { setDatePreferences } from '../i18n/format';
import { i18n } from '../i18n/i18n';
import { workText } from './format';

/** Intl separates the % sign with a (narrow) no-break space in Spanish and French. */
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const read = (text: WorkEventText) => {
  const { title, detail } = workText(text, i18n.t);
  return { title: spaces(title), detail: spaces(detail) };
};

// 02:00 UTC on 1 December is still 30 November in New York.
const expiring: WorkEventText = {
  key: 'certificationExpiring',
  params: { person: 'Otto', subject: 'Ovens', expiresAt: '2026-12-01T02:00:00.000Z' },
};

afterEach(async () => {
  setDatePreferences(DEFAULT_PREFERENCES);
  await i18n.changeLanguage('en');
});

describe("a work event in the reader's language, zone and date format", () => {
  it("dates an expiring certification on the reader's day, in Spanish", async () => {
    await i18n.changeLanguage('es');
    setDatePreferences({ timeZone: 'America/New_York', dateFormat: null });
    expect(read(expiring)).toEqual({
      title: 'La certificación «Ovens» de Otto vence pronto',
      detail: 'Vence el 30/11/2026',
    });
  });

  it('follows the chosen date format, and UTC only for a reader in UTC', async () => {
    setDatePreferences({ timeZone: 'UTC', dateFormat: 'YYYY-MM-DD' });
    expect(read(expiring).detail).toBe('Expires 2026-12-01');
    await i18n.changeLanguage('fr');
    setDatePreferences({ timeZone: 'Asia/Tokyo', dateFormat: null });
    expect(read(expiring)).toEqual({
      title: 'Otto : la certification « Ovens » expire bientôt',
      detail: 'Expire le 01/12/2026',
    });
  });

  it('words an observation, its score and its observer', async () => {
    const observation = (passed: boolean): WorkEventText => ({
      key: 'observationCompleted',
      params: { person: 'Olga', subject: 'Cooling', passed, score: 40, observer: 'Tess' },
    });
    expect(read(observation(false))).toEqual({
      title: 'Olga did not pass "Cooling"',
      detail: 'Observation completed: 40%, observed by Tess',
    });
    await i18n.changeLanguage('es');
    expect(read(observation(true))).toEqual({
      title: 'Olga aprobó «Cooling»',
      detail: 'Observación completada: 40 %, a cargo de Tess',
    });
  });

  it('words certifications issued, documents and videos', async () => {
    await i18n.changeLanguage('es');
    expect(
      read({ key: 'certificationIssued', params: { person: 'Otto', subject: 'Cooling' } }),
    ).toEqual({
      title: 'Otto obtuvo la certificación «Cooling»',
      detail: 'Certificación emitida',
    });
    expect(read({ key: 'documentProcessed', params: { title: 'Knives', images: 0 } })).toEqual({
      title: 'Documento «Knives» procesado',
      detail: 'Documento listo para leer',
    });
    expect(read({ key: 'documentProcessed', params: { title: 'Cooling', images: 2 } }).detail).toBe(
      'Documento listo para leer, con 2 imágenes',
    );
    expect(
      read({ key: 'videoAnalysed', params: { title: 'Line 1', identified: 2, detected: 3 } }),
    ).toEqual({
      title: 'Video «Line 1» analizado',
      detail: 'Operarios identificados: 2 de 3',
    });
    await i18n.changeLanguage('en');
    expect(
      read({ key: 'videoAnalysed', params: { title: 'Line 1', identified: 1, detected: 1 } })
        .detail,
    ).toBe('1 of 1 operator identified');
  });
});
