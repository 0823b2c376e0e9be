/**
 * Addresses the sign-in page links to. The spec does not give them, so they come from the
 * build environment; a link whose target is not configured is left out rather than shown as a
 * '#' anchor or an empty mail message (issue #16).
 */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL ?? '';
export const ADMIN_CONTACT_EMAIL: string =
  import.meta.env.VITE_ADMIN_CONTACT_EMAIL ?? SUPPORT_EMAIL;
export const PRIVACY_POLICY_URL: string = import.meta.env.VITE_PRIVACY_POLICY_URL ?? '';
export const TERMS_OF_SERVICE_URL: string = import.meta.env.VITE_TERMS_OF_SERVICE_URL ?? '';

export function mailto(address: string, subject: string): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}

export interface FooterLink {
  label: string;
  href: string;
}

const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
const isPage = (value: string) => /^(https?:\/\/|\/)\S+$/.test(value);

/** The footer's links whose target the deployment configured, in the spec's order. */
export function footerLinks(
  targets = { privacy: PRIVACY_POLICY_URL, terms: TERMS_OF_SERVICE_URL, support: SUPPORT_EMAIL },
): FooterLink[] {
  return [
    ...(isPage(targets.privacy) ? [{ label: 'Privacy Policy', href: targets.privacy }] : []),
    ...(isPage(targets.terms) ? [{ label: 'Terms of Service', href: targets.terms }] : []),
    ...(isEmail(targets.support)
      ? [{ label: 'Support', href: mailto(targets.support, 'Support request') }]
      : []),
  ];
}

/** The 'Contact your administrator' mail link, when an address is configured. */
export function adminContactLink(address = ADMIN_CONTACT_EMAIL): string | null {
  return isEmail(address) ? mailto(address, 'Account access') : null;
}
