import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, i18n } from './i18n';

describe('showing a language whose catalog is loaded when first shown', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await applyLanguage('en');
  });

  it('shows its texts once applied', async () => {
    await applyLanguage('es');
    expect(i18n.language).toBe('es');
    expect(i18n.t('ui.cancel')).toBe('Cancelar');
  });

  it('shows the language asked for last, not one whose catalog arrived after it', async () => {
    let arrive!: () => void;
    vi.spyOn(i18n, 'loadLanguages').mockImplementationOnce(
      () => new Promise<void>((resolve) => (arrive = resolve)),
    );
    const french = applyLanguage('fr');
    await applyLanguage('en');
    arrive();
    await french;
    expect(i18n.language).toBe('en');
  });
});
