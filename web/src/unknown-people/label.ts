import { i18n } from '../i18n/i18n';

/** The server's English label, "Unknown person 3": reports written before they carried a number. */
const ENGLISH_LABEL = /^Unknown person (\d+)$/;

/**
 * An unknown person's label in the reader's language, made from their number. A report stored
 * before the number was sent has only the English label: its number is read from it, and any
 * other label is shown as it came.
 */
export function unknownPersonLabel(person: { number?: number; label: string }): string {
  const number = person.number ?? Number(ENGLISH_LABEL.exec(person.label)?.[1] ?? NaN);
  return Number.isInteger(number) ? i18n.t('unknownPeople.label', { number }) : person.label;
}
