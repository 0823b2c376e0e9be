import { DEFAULT_PREFERENCES, type WorkEvent } from '@hub/proto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { setDatePreferences } from '../i18n/format';
import { i18n } from '../i18n/i18n';
import { WorkLine } from './RecentActivityCard';

const event: WorkEvent = {
  id: 'certification_expiring:2',
  kind: 'certification_expiring',
  // What the server writes for API clients: never what a reader of the Hub sees.
  title: `Otto's "Ovens" certification expires soon`,
  detail: 'Expires 2026-12-01',
  text: {
    key: 'certificationExpiring',
    params: { person: 'Otto', subject: 'Ovens', expiresAt: '2026-12-01T02:00:00.000Z' },
  },
  occurredAt: '2026-11-01T02:00:00.000Z',
};

afterEach(async () => {
  setDatePreferences(DEFAULT_PREFERENCES);
  await i18n.changeLanguage('en');
});

describe("the Hub's work lines", () => {
  it("show the event in the reader's language and on the reader's day", async () => {
    await i18n.changeLanguage('es');
    setDatePreferences({ timeZone: 'America/Los_Angeles', dateFormat: null });
    const html = renderToStaticMarkup(createElement(WorkLine, { event }));
    expect(html).toContain('La certificación «Ovens» de Otto vence pronto');
    expect(html).toContain('Vence el 30/11/2026');
    expect(html).not.toContain('Expires');
  });
});
