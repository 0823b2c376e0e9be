import type { Recommendation } from '@hub/proto';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from '../i18n/i18n';
import { evidenceLabel, evidenceValue, recommendationWords } from './texts';

const stored = (overrides: Partial<Recommendation>): Recommendation => ({
  id: 1,
  rule: 'certification_expiring_unscheduled',
  category: 'Safety Enhancements',
  priority: 'High',
  title: 'Renew Ana\'s certification "Forklift"',
  description: 'English words',
  evidence: [],
  action: { label: 'Schedule an observation', href: '/library/observations' },
  text: null,
  state: 'active',
  decidedBy: null,
  decidedAt: null,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  ...overrides,
});

async function readIn(language: 'es' | 'fr') {
  applyLanguage(language);
  await i18n.changeLanguage(language);
}

describe('a recommendation in its reader’s language', () => {
  afterEach(() => applyLanguage('en'));

  it('words its text key with its parts, counts included', async () => {
    await readIn('es');
    const words = recommendationWords(
      stored({
        text: {
          key: 'certification_expiring_unscheduled',
          params: { holder: 'Ana', title: 'Forklift', days: 1 },
        },
      }),
    );
    expect(words.title).toBe('Renovar la certificación "Forklift" de Ana');
    expect(words.description).toContain('vence en 1 día y');
    expect(words.action).toBe('Programar una observación');
  });

  it('keeps the English words of one stored before texts had keys', async () => {
    await readIn('fr');
    expect(recommendationWords(stored({})).description).toBe('English words');
  });

  it('words fixed evidence labels and values, and leaves names as they are', async () => {
    await readIn('fr');
    const missed = {
      label: 'Missed by',
      labelKey: 'missed_by',
      value: '3 of 4 people',
      valueText: { key: 'people_of', params: { count: 3, total: 4 } },
      href: null,
    } as const;
    expect(evidenceLabel(missed)).toBe('Ratée par');
    expect(evidenceValue(missed)).toBe('3 personnes sur 4');
    const person = { label: 'Ana', value: 'Forklift', href: null };
    expect([evidenceLabel(person), evidenceValue(person)]).toEqual(['Ana', 'Forklift']);
  });
});
