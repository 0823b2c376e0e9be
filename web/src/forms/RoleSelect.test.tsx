import { CREATABLE_ROLES } from '@hub/proto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { RoleSelect } from './RoleSelect';

const render = () =>
  renderToStaticMarkup(
    createElement(RoleSelect, {
      id: 'user-role',
      testId: 'api-token-role',
      value: 'manager',
      onChange: () => undefined,
    }),
  );

describe('the role select', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('offers every role a person or a token can be given, the chosen one selected', () => {
    const html = render();
    const values = [...html.matchAll(/<option value="([^"]+)"/g)].map((match) => match[1]);
    expect(values).toEqual([...CREATABLE_ROLES]);
    expect(html).toContain(
      `<option value="manager" selected="">${i18n.t('roles.manager')}</option>`,
    );
    expect(html).toContain('id="user-role"');
    expect(html).toContain('data-testid="api-token-role"');
  });

  it("names the roles in the reader's language", async () => {
    await i18n.changeLanguage('es');
    expect(render()).toContain(`>${i18n.t('roles.operator')}</option>`);
    expect(i18n.t('roles.operator')).not.toBe('operator');
  });
});
