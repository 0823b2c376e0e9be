import { i18n } from '../i18n/i18n';

/**
 * Addresses the sign-in page links to. The spec does not give them: a deployment may set them
 * at build time (its own policy pages and support address); without one, each link opens the
 * product's own page (/privacy, /terms, /support), so no link is ever a '#' anchor, an empty
 * mail message or missing (issues #16, #35).
 */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL ?? '';
export const ADMIN_CONTACT_EMAIL: string =
  import.meta.env.VITE_ADMIN_CONTACT_EMAIL ?? SUPPORT_EMAIL;
export const PRIVACY_POLICY_URL: string = import.meta.env.VITE_PRIVACY_POLICY_URL ?? '';
export const TERMS_OF_SERVICE_URL: string = import.meta.env.VITE_TERMS_OF_SERVICE_URL ?? '';

/** The product's own pages, used when the deployment configured nothing else. */
export const PRIVACY_PAGE = '/privacy';
export const TERMS_PAGE = '/terms';
export const SUPPORT_PAGE = '/support';

export function mailto(address: string, subject: string): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}

export interface FooterLink {
  /** Which page: its title in the catalog (auth.<page>.title) is the link's text. */
  page: 'privacy' | 'terms' | 'support';
  href: string;
}

export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
const isPage = (value: string) => /^(https?:\/\/|\/)\S+$/.test(value);

/** The footer's links in the spec's order: configured targets, else the product's pages. */
export function footerLinks(
  targets = { privacy: PRIVACY_POLICY_URL, terms: TERMS_OF_SERVICE_URL, support: SUPPORT_EMAIL },
): FooterLink[] {
  return [
    { page: 'privacy', href: isPage(targets.privacy) ? targets.privacy : PRIVACY_PAGE },
    { page: 'terms', href: isPage(targets.terms) ? targets.terms : TERMS_PAGE },
    {
      page: 'support',
      href: isEmail(targets.support)
        ? mailto(targets.support, i18n.t('auth.support.supportSubject'))
        : SUPPORT_PAGE,
    },
  ];
}

/**
 * The 'Contact your administrator' link: a mail to the configured address, else the support
 * page's part that says who the administrator is and what they can do.
 */
export function adminContactLink(address = ADMIN_CONTACT_EMAIL): string {
  return isEmail(address)
    ? mailto(address, i18n.t('auth.support.administratorSubject'))
    : `${SUPPORT_PAGE}#administrator`;
}
