/**
 * A certificate PDF's file name: 'certificate-', the title and holder as lower-case words, '.pdf'.
 * Accented letters are transliterated (NFKD, combining marks dropped: 'María' reads 'maria', not
 * 'mar-a'); letters of other scripts stay as they are (the route sends them in `filename*`, with
 * an ASCII fallback); a name of nothing but punctuation falls back to the certification's id.
 */
export function certificateFileName(title: string, holderName: string, id: number): string {
  const slug = `${title}-${holderName}`
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
  // At most 80 characters, not cutting a letter outside the BMP in two.
  const short = [...slug].slice(0, 80).join('').replace(/-$/, '');
  return `certificate-${short || id}.pdf`;
}
