/**
 * A table of sentences proto declares for server and web alike (failure reasons, people-import
 * refusals, in each language), worded for i18next: proto writes a part `{name}`, i18next
 * `{{name}}`. Declared once in proto, so the server's catalog and the web app's cannot word one
 * code differently.
 */
export function protoTexts<Code extends string>(texts: Record<Code, string>): Record<Code, string> {
  return Object.fromEntries(
    Object.entries<string>(texts).map(([code, text]) => [
      code,
      text.replace(/\{(\w+)\}/g, '{{$1}}'),
    ]),
  ) as Record<Code, string>;
}
