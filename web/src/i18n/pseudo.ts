/**
 * A pseudo-locale for tests (issue #46): English with every letter accented, each message
 * about 40 % longer and wrapped in ⟦…⟧, so a text that did not go through the catalog reads
 * plain and a layout that only fits English overflows. The code is the pseudo-locale Chrome and
 * Android use. It is never one of proto's LANGUAGES, so no menu offers it and no preference can
 * store it: a browser turns it on with the `hub:pseudo-locale` flag in localStorage (the e2e
 * language walk sets it), in the production build too, which is the build the e2e tests run.
 */
export const PSEUDO_LOCALE = 'en-XA';
const FLAG = 'hub:pseudo-locale';
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';
const EXTRA = 0.4;

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'áƀçđéƒĝĥíĵķĺḿńóƥǫŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹḾŃÓƤǪŔŠŢÚṼŴẊÝŽ'][index]!,
  ]),
);
/** Words added at the end, with spaces so the longer text can wrap like a real translation. */
const PADDING = ' ĺóŕéḿ íƥšúḿ đóĺóŕ šíţ áḿéţ çóńšéçţéţúŕ áđíƥíšçíńĝ éĺíţ šéđ đó éíúšḿóđ';

/**
 * The parts of an i18next message that must stay as they are: interpolations (`{{name}}`,
 * `{{date, datetime}}`), nesting (`$t(key)`) and the tags `<Trans>` fills (`<b>`, `</b>`, `<1/>`).
 */
const KEPT = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?[\w-]+\s*\/?>)/;

/** One message pseudo-localized; an empty message stays empty. */
export function pseudoMessage(message: string): string {
  if (message === '') return message;
  const parts = message.split(KEPT);
  const text = parts
    .map((part, index) =>
      index % 2 === 1 ? part : part.replace(/[a-zA-Z]/g, (letter) => ACCENTED[letter]!),
    )
    .join('');
  const visible = parts.filter((_, index) => index % 2 === 0).join('').length;
  const padding = Math.ceil(visible * EXTRA);
  return `${PSEUDO_OPEN}${text}${PADDING.repeat(Math.ceil(padding / PADDING.length)).slice(0, padding)}${PSEUDO_CLOSE}`;
}

type Tree = { readonly [key: string]: string | Tree };

function pseudoTree(tree: Tree): Tree {
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [
      key,
      typeof value === 'string' ? pseudoMessage(value) : pseudoTree(value),
    ]),
  );
}

/** The pseudo-locale's catalog, made from the English one (same keys) when the flag is on. */
export const pseudoCatalog = <Catalog extends Tree>(english: Catalog): Catalog =>
  pseudoTree(english) as Catalog;

/** Whether this browser asked for the pseudo-locale (storage can be refused: then it did not). */
export function pseudoLocaleWanted(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(FLAG) === PSEUDO_LOCALE;
  } catch {
    return false;
  }
}

/** The init script the e2e walk gives a browser context so the app starts in the pseudo-locale. */
export const PSEUDO_LOCALE_FLAG = { key: FLAG, value: PSEUDO_LOCALE } as const;
