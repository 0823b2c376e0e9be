import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { UnsavedAnswersNotice } from './UnsavedAnswersNotice';

const shown = (onlyOnThisPage: boolean) =>
  renderToStaticMarkup(createElement(UnsavedAnswersNotice, { onlyOnThisPage }));

describe('answers the device cannot save (storage full, or refused)', () => {
  it('are told of, without blocking, in the reader’s language, and only while that is so', async () => {
    expect(shown(false)).toBe('');
    const markup = shown(true);
    expect(markup).toContain('role="status"');
    expect(markup).toContain('data-testid="outbox-not-saved"');
    expect(markup).toContain(
      'This device cannot save your answers: keep this page open until they are sent.',
    );
    try {
      await i18n.changeLanguage('es');
      expect(shown(true)).toContain('Este dispositivo no puede guardar tus respuestas');
      await i18n.changeLanguage('fr');
      expect(shown(true)).toContain('Cet appareil ne peut pas enregistrer vos réponses');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
