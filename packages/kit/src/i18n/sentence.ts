/**
 * `name` closing a sentence: with its full stop, unless the name ends with one already (an
 * organization called "Acme Manufacturing S.A." read "…S.A.. Set your password").
 */
export function endingSentence(name: string): string {
  return /[.!?…]$/u.test(name.trimEnd()) ? name.trimEnd() : `${name}.`;
}
