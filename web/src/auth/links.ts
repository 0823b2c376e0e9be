/**
 * Addresses the sign-in page links to. The spec does not give them, so they come from the
 * build environment; without one the mail links open an empty message.
 */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL ?? '';
export const ADMIN_CONTACT_EMAIL: string =
  import.meta.env.VITE_ADMIN_CONTACT_EMAIL ?? SUPPORT_EMAIL;
export const PRIVACY_POLICY_URL: string =
  import.meta.env.VITE_PRIVACY_POLICY_URL ?? '#privacy-policy';
export const TERMS_OF_SERVICE_URL: string =
  import.meta.env.VITE_TERMS_OF_SERVICE_URL ?? '#terms-of-service';

export function mailto(address: string, subject: string): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}
