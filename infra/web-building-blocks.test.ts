// The web app's building blocks (issue #50, item 4): a mutation is a hook of its feature
// (web/src/<feature>/mutations.ts), which also refreshes the queries it changes, not a
// `useMutation(` written into a component; dates and figures go through web/src/i18n/format.ts,
// never a component's own `toLocaleString(`; a query's key is written once, in its feature's
// queries.ts (`queryOptions`), and read from there (`fooQuery.queryKey`) everywhere else; a form
// is a TanStack Form (`useForm`, submitted through `submitForm(form)`), not a useState draft.
// This test reads web/src as text.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_SRC = 'web/src';

const MUTATION_IN_COMPONENT = /\buseMutation\(/;
const LOCALE_CALL = /\.toLocale(String|DateString|TimeString)\(/;
/** A key written out (`queryKey: [`), rather than taken from a query of queries.ts. */
const INLINE_QUERY_KEY = /\bqueryKey:\s*\[/;

/** A <form> element, and the submission every form of the library goes through. */
const FORM_ELEMENT = /<form\b/;
const LIBRARY_SUBMIT = /onSubmit=\{submitForm\(/;

/** Every source file below a folder, tests left out, as a path from the repository's root. */
function sourcesBelow(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sourcesBelow(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** The lines of a file that are code, not comments. */
const codeLines = (file: string) =>
  readFileSync(path.join(ROOT, file), 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line));

const offenders = (files: string[], pattern: RegExp) =>
  files.filter((file) => codeLines(file).some((line) => pattern.test(line)));

describe('web building blocks', () => {
  const sources = sourcesBelow(WEB_SRC);
  const components = sources.filter((file) => file.endsWith('.tsx'));

  it('finds the sources it checks', () => {
    expect(components).toContain('web/src/settings/WebhooksCard.tsx');
    expect(sources).toContain('web/src/settings/mutations.ts');
  });

  it('has no useMutation( in a component: mutations are hooks in <feature>/mutations.ts', () => {
    expect(offenders(components, MUTATION_IN_COMPONENT)).toEqual([]);
  });

  it('has no toLocaleString, toLocaleDateString or toLocaleTimeString in a component', () => {
    expect(offenders(components, LOCALE_CALL)).toEqual([]);
  });

  it('writes query keys only in queries.ts files', () => {
    const elsewhere = sources.filter((file) => !file.endsWith('/queries.ts'));
    expect(offenders(elsewhere, INLINE_QUERY_KEY)).toEqual([]);
  });

  it('keeps forms on TanStack Form: every <form> is submitted through submitForm(form)', () => {
    const handRolled = components.filter((file) => {
      const code = codeLines(file).join('\n');
      return FORM_ELEMENT.test(code) && !LIBRARY_SUBMIT.test(code);
    });
    expect(handRolled).toEqual([]);
  });

  it('would catch them', () => {
    expect(INLINE_QUERY_KEY.test('queryKey: [api.document.path, id],')).toBe(true);
    expect(
      INLINE_QUERY_KEY.test('queryClient.invalidateQueries({ queryKey: tagsQuery.queryKey })'),
    ).toBe(false);
    expect(MUTATION_IN_COMPONENT.test('const save = useMutation({')).toBe(true);
    expect(LOCALE_CALL.test('new Date(at).toLocaleDateString()')).toBe(true);
    expect(LOCALE_CALL.test('count.toLocaleString()')).toBe(true);
    expect(FORM_ELEMENT.test('<form onSubmit={submit} className="mt-4">')).toBe(true);
    expect(LIBRARY_SUBMIT.test('<form onSubmit={submit} className="mt-4">')).toBe(false);
    expect(LIBRARY_SUBMIT.test('<form noValidate onSubmit={submitForm(form)}>')).toBe(true);
  });
});
