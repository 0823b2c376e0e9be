/**
 * A download's Content-Disposition: `filename` in ASCII for old clients (accents transliterated,
 * other letters and quotes replaced), and `filename*` in UTF-8 (RFC 6266 / 5987), which browsers
 * prefer, so a name in any script arrives as given.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\w.\- ]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
