/**
 * The browser and system of a user agent ('Chrome', 'Linux'), product names that no language
 * translates; null where it is empty. The row words them through the catalog, raw text in its title.
 */
export function deviceParts(
  userAgent: string,
): { browser: string | null; system: string | null } | null {
  if (!userAgent.trim()) return null;
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chromium/', 'Chromium'],
      ['HeadlessChrome/', 'Headless Chrome'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
      ['curl/', 'curl'],
      ['node', 'Node.js'],
    ].find(([token]) => userAgent.includes(token!))?.[1] ?? null;
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iOS'],
      ['iPad', 'iPadOS'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['CrOS', 'ChromeOS'],
      ['Linux', 'Linux'],
    ].find(([token]) => userAgent.includes(token!))?.[1] ?? null;
  return { browser, system };
}
