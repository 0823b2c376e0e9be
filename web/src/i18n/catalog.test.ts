import { LANGUAGES } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { resources } from './i18n';

type Tree = { readonly [key: string]: string | Tree };

/** Every key path of a catalog, 'settings.security.title' style. */
function keyPaths(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keyPaths(value, `${prefix}${key}.`),
  );
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const languages = Object.keys(resources) as (keyof typeof resources)[];
const catalog = (language: keyof typeof resources) =>
  keyPaths(resources[language].translation).sort();

describe('message catalogs', () => {
  it('exist for every language the preference offers', () => {
    expect(Object.keys(resources).sort()).toEqual([...LANGUAGES].sort());
  });

  it('have exactly the same keys in every language', () => {
    for (const language of languages) expect(catalog(language)).toEqual(catalog('en'));
  });

  it('give every plural message each form the language needs', () => {
    for (const language of languages) {
      const keys = new Set(catalog(language));
      const plurals = new Set(
        [...keys].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')),
      );
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const base of plurals) {
        for (const category of categories) expect(keys).toContain(`${base}_${category}`);
      }
    }
  });

  it('leave no message empty, and keep the same placeholders as English', () => {
    const placeholders = (text: string) =>
      [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const english = new Map(flatten(resources.en.translation));
    // Gathered and compared once: an expect per message (thousands) is most of this test's time.
    const problems: string[] = [];
    for (const language of languages) {
      for (const [key, text] of flatten(resources[language].translation)) {
        if (text.trim() === '') problems.push(`${language}: ${key} is empty`);
        const reference = english.get(key) ?? '';
        // A singular may name the one thing instead of printing its count ("Tu otra sesión").
        if (key.endsWith('_one')) continue;
        const [own, wanted] = [placeholders(text), placeholders(reference)];
        if (own.join() !== wanted.join()) {
          problems.push(
            `${language}: ${key} has {{${own.join('}}, {{')}}}, not {{${wanted.join('}}, {{')}}}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

function flatten(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );
}
