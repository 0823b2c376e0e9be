import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import {
  airQualityTone,
  alertText,
  areaLabel,
  environmentText,
  operationalPercent,
} from './format';

describe('floor format', () => {
  it("words an alert in its reader's language from its parts", async () => {
    const alert = {
      kind: 'uncertified_presence' as const,
      message: 'olga on Line A has no valid certification for Press Safety',
      params: { name: 'olga', camera: 'Line A', sops: 'Press Safety' },
    };
    expect(alertText(alert)).toBe(alert.message);
    await i18n.changeLanguage('es');
    try {
      expect(alertText(alert)).toBe(
        'olga en Line A no tiene una certificación vigente de Press Safety',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('splits camel-case area names into words', () => {
    expect(areaLabel('AssemblyLine')).toBe('Assembly Line');
    expect(areaLabel('QCLab')).toBe('QC Lab');
    expect(areaLabel('Packaging')).toBe('Packaging');
    expect(areaLabel('Bay 4')).toBe('Bay 4');
  });

  it('gives the share of operational stations', () => {
    expect(operationalPercent({ activeStations: 3, totalStations: 4 })).toBe(75);
    expect(operationalPercent({ activeStations: 0, totalStations: 0 })).toBe(0);
  });

  it("shows readings with units, and 'Unknown' without one", () => {
    expect(
      environmentText({ temperature: 71.3, humidity: 48, airQuality: 'good', noiseLevel: 62 }),
    ).toEqual({ temperature: '71.3°F', humidity: '48%', airQuality: 'Good', noiseLevel: '62 dB' });
    expect(
      environmentText({
        temperature: null,
        humidity: null,
        airQuality: 'Unknown',
        noiseLevel: 'Unknown',
      }),
    ).toEqual({
      temperature: 'Unknown',
      humidity: 'Unknown',
      airQuality: 'Unknown',
      noiseLevel: 'Unknown',
    });
  });

  /** A French reader read '48%' and '71.3°F': an English percent and decimal point. */
  it("writes the readings' figures in the reader's number format", async () => {
    await i18n.changeLanguage('fr');
    try {
      expect(
        environmentText({ temperature: 71.3, humidity: 48.5, airQuality: 'good', noiseLevel: 62 }),
      ).toMatchObject({ temperature: '71,3°F', humidity: '48,5\u00a0%', noiseLevel: '62 dB' });
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('colours air quality: good green, moderate yellow, poor red, otherwise grey', () => {
    expect(airQualityTone('good')).toBe('green');
    expect(airQualityTone('moderate')).toBe('amber');
    expect(airQualityTone('poor')).toBe('red');
    expect(airQualityTone('Unknown')).toBe('neutral');
  });
});
