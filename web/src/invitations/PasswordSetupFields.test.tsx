import { PASSWORD_SPECIAL_CHARACTERS } from '@hub/proto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { PasswordSetupFields } from './PasswordSetupFields';

describe('password setup fields', () => {
  it('print the special-character set once', () => {
    const html = renderToStaticMarkup(
      createElement(PasswordSetupFields, {
        password: '',
        confirmation: '',
        onPassword: () => undefined,
        onConfirmation: () => undefined,
        disabled: false,
      }),
    );
    const text = html
      .replace(/<[^>]+>/g, '')
      .replaceAll('&amp;', '&')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'");
    expect(text.split(PASSWORD_SPECIAL_CHARACTERS)).toHaveLength(2);
  });
});
