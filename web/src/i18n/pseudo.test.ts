import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from './locales/en';
import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoCatalog, pseudoMessage } from './pseudo';

type Tree = { readonly [key: string]: string | Tree };
const leaves = (tree: Tree): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : leaves(value)));

describe('the pseudo-locale', () => {
  it('accents every letter, wraps the message in markers and makes it 40 % longer', () => {
    const message = pseudoMessage('Save changes');
    expect(message.startsWith(`${PSEUDO_OPEN}Šáṽé çĥáńĝéš`)).toBe(true);
    expect(message.endsWith(PSEUDO_CLOSE)).toBe(true);
    expect(message.length - 2).toBe('Save changes'.length + Math.ceil(12 * 0.4));
    expect(message).not.toMatch(/[a-zA-Z]/);
  });

  it('keeps interpolations, nesting and the tags of <Trans> as they are', () => {
    const message = pseudoMessage(
      'Hello {{name}}, see <b>{{title, uppercase}}</b> and $t(common.save)<br/>',
    );
    expect(message).toContain('{{name}}');
    expect(message).toContain('<b>{{title, uppercase}}</b>');
    expect(message).toContain('$t(common.save)<br/>');
    expect(message.startsWith(`${PSEUDO_OPEN}Ĥéĺĺó {{name}}`)).toBe(true);
  });

  it('leaves an empty message empty', () => {
    expect(pseudoMessage('')).toBe('');
  });

  it('makes a catalog of the English one, every message marked, the keys the same', () => {
    const pseudo = pseudoCatalog(en);
    expect(leaves(pseudo).length).toBe(leaves(en).length);
    for (const message of leaves(pseudo).filter((one) => one !== '')) {
      expect(message.startsWith(PSEUDO_OPEN) && message.endsWith(PSEUDO_CLOSE)).toBe(true);
    }
  });

  it('is read by i18next: interpolation and plurals still work', async () => {
    const instance = i18next.createInstance();
    await instance.init({
      lng: 'en-XA',
      supportedLngs: ['en', 'en-XA'],
      resources: { 'en-XA': { translation: pseudoCatalog(en) } },
      interpolation: { escapeValue: false },
    });
    const sessions = (count: number) =>
      instance.t('settings.security.endOthersDescription', { count });
    expect(sessions(1)).toMatch(/^⟦Ýóúŕ 1 óţĥéŕ šéššíóń ŵíĺĺ.*⟧$/);
    expect(sessions(3)).toMatch(/^⟦Ýóúŕ 3 óţĥéŕ šéššíóńš ŵíĺĺ.*⟧$/);
  });
});
