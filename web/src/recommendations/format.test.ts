import type { Recommendation } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { decisionText, impactText } from './format';

const recommendation = (overrides: Partial<Recommendation>): Recommendation => ({
  id: 1,
  rule: 'document_processing_failed',
  category: 'Cost Optimization',
  priority: 'Medium',
  title: 'Re-process',
  description: '',
  evidence: [],
  action: { label: 'Re-process the document', href: '/library/documents' },
  text: null,
  state: 'active',
  decidedBy: null,
  decidedAt: null,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  ...overrides,
});

describe('recommendation texts', () => {
  it('writes the impact score with one decimal, or a dash', () => {
    expect(impactText(8.7)).toBe('8.7');
    expect(impactText(10)).toBe('10.0');
    expect(impactText(null)).toBe('—');
  });

  it("writes the impact score in the reader's number format", async () => {
    await i18n.changeLanguage('fr');
    try {
      expect(impactText(8.7)).toBe('8,7');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says who decided', () => {
    expect(decisionText(recommendation({}))).toBeNull();
    expect(
      decisionText(recommendation({ state: 'dismissed', decidedBy: { id: 2, name: 'Ann' } })),
    ).toBe('Dismissed by Ann');
  });
});
