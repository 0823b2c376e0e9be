import type { FailureReasonCode } from '@hub/proto';

/**
 * A language's failure reasons from proto (FAILURE_REASONS_ES, ...), where the server's catalog
 * reads them too, so the two sides cannot word a reason differently; proto writes a part
 * `{name}`, i18next `{{name}}`.
 */
export function failureReasonTexts(
  texts: Record<FailureReasonCode, string>,
): Record<FailureReasonCode, string> {
  return Object.fromEntries(
    Object.entries(texts).map(([code, text]) => [code, text.replace(/\{(\w+)\}/g, '{{$1}}')]),
  ) as Record<FailureReasonCode, string>;
}
