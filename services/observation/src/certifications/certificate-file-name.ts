import type { Language } from '@hub/proto';
import { messages } from '@hub/kit';

/** Lower-case words joined by '-': 'María Núñez' reads 'maria-nunez', not 'mar-a-n-ez'. */
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');

/**
 * A certificate PDF's file name: the certificate's own word in the holder's language (the
 * language it is printed in: 'certificado-' in Spanish), the title and holder as lower-case
 * words, '.pdf'. Accented letters are transliterated (NFKD, combining marks dropped: 'María'
 * reads 'maria', not 'mar-a'); letters of other scripts stay as they are (the route sends them
 * in `filename*`, with an ASCII fallback); a name of nothing but punctuation falls back to the
 * certification's id.
 */
export function certificateFileName(
  title: string,
  holderName: string,
  id: number,
  language: Language,
): string {
  // At most 80 characters, not cutting a letter outside the BMP in two.
  const short = [...slug(`${title}-${holderName}`)].slice(0, 80).join('').replace(/-$/, '');
  return `${slug(messages(language).certificate.documentTitle)}-${short || id}.pdf`;
}
