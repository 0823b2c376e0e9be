import type { FloorStats } from '@hub/proto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { FloorCards } from './FloorCards';

const stats: FloorStats = {
  activeStations: 3,
  totalStations: 4,
  workersPresent: 12345,
  utilizationRate: 62.5,
  alertsCount: 0,
  alerts: [],
  areaBreakdown: {},
  environmentalStatus: {
    temperature: null,
    humidity: null,
    airQuality: 'Unknown',
    noiseLevel: 'Unknown',
  },
  presenceWindowMinutes: 15,
  generatedAt: '2026-12-01T12:00:00Z',
};

/** The utilization read '62.5%' to a French or Spanish reader, beside '12 345' workers. */
describe("the floor's cards in the reader's number format", () => {
  it('writes the utilization rate as a French and a Spanish reader write a percent', async () => {
    await i18n.changeLanguage('fr');
    try {
      const french = renderToStaticMarkup(createElement(FloorCards, { stats }));
      expect(french).toContain('62,5\u00a0%');
      expect(french).toContain('12\u202f345');
      await i18n.changeLanguage('es');
      expect(renderToStaticMarkup(createElement(FloorCards, { stats }))).toContain('62,5\u00a0%');
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(renderToStaticMarkup(createElement(FloorCards, { stats }))).toContain('62.5%');
  });
});
