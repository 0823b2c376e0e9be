import { ERROR_TEXTS } from '@hub/proto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { i18n } from '../i18n/i18n';
import { ConflictNotice, isEvaluationChanged } from './ConflictNotice';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const render = (reloading: boolean) =>
  renderToStaticMarkup(createElement(ConflictNotice, { onReload: () => {}, reloading }));

describe('a save refused because the evaluation changed meanwhile', () => {
  it('is told apart from other refusals by its code', () => {
    const changed = new ApiError(409, ERROR_TEXTS.evaluation_changed, 'evaluation_changed');
    expect(isEvaluationChanged(changed)).toBe(true);
    const otherConflict = new ApiError(
      409,
      ERROR_TEXTS.acknowledged_version_not_current,
      'acknowledged_version_not_current',
    );
    expect(isEvaluationChanged(otherConflict)).toBe(false);
    expect(isEvaluationChanged(new ApiError(400, 'Options must all be different.'))).toBe(false);
    expect(isEvaluationChanged(new Error('evaluation_changed'))).toBe(false);
  });

  it('says so, keeps the draft on screen and offers the latest version', () => {
    const html = render(false);
    expect(html).toContain(
      'This evaluation was changed by someone else. Reload to see the latest version.',
    );
    expect(html).toContain('Your unsaved changes stay on this page until you reload');
    expect(html).toContain('Reload latest version');
    expect(html).not.toContain('disabled=""');
  });

  it("reads in the reader's language, and waits while the latest version loads", async () => {
    await i18n.changeLanguage('fr');
    const html = render(true);
    expect(html).toContain('Quelqu’un d’autre a modifié cette évaluation.');
    expect(html).toContain('Rechargement...');
    expect(html).toContain('disabled=""');
  });
});
