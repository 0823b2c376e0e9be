import type { Role } from '@hub/proto';
import { formatSignedPercent } from '../i18n/format';
import { i18n } from '../i18n/i18n';

/** Change texts of the Insights figures ('from last month': the previous 30 days). */

/** A percent figure's change in points; null when either period has no figure. */
export function pointsChangeText(change: number | null): string {
  return change === null
    ? i18n.t('insights.noFigureLastMonth')
    : i18n.t('insights.fromLastMonth', { change: formatSignedPercent(change, 1) });
}

/** A count's relative change; null means from nothing to something. */
export function countChangeText(change: number | null): string {
  return change === null
    ? i18n.t('insights.newThisMonth')
    : i18n.t('insights.fromLastMonth', { change: formatSignedPercent(change, 0) });
}

/**
 * Insights' Active Users counts people who signed in during the last 30 days, not the Hub's
 * active accounts: the caption says so, so the two figures are not read as one (issue #35).
 */
export function activeUsersCaption(change: number | null): string {
  return i18n.t('insights.signedInWithin30Days', { change: countChangeText(change) });
}

/**
 * Issue #35: the Insights pages are platform-wide for the super administrator, but the pages a
 * record opens (an observation session, a team member, the observations list, the training
 * page) show only the viewer's own organization. So for the super administrator those pages
 * show the figures without links to records; links to other Insights pages (platform-wide
 * too) stay. Everyone else sees their own organization on both sides, so every link works.
 */
export function platformWide(role: Role | undefined): boolean {
  return role === 'super_admin';
}

/** The address a line of an Insights page links to for this viewer, or null for plain text. */
export function recordLink(role: Role | undefined, link: string | null): string | null {
  if (link === null) return null;
  return platformWide(role) && !link.startsWith('/insights') ? null : link;
}

/**
 * A category axis's label cut to `width` pixels of its font, `widthOf` measuring a text: a long
 * SOP title ran out of its card and past the window's left edge (Recharts draws a tick's text
 * leftwards from the axis, unwrapped). The longest beginning that fits with an ellipsis is kept;
 * the tooltip still names the SOP whole.
 */
export function axisLabel(text: string, width: number, widthOf: (text: string) => number): string {
  if (widthOf(text) <= width) return text;
  const characters = [...text];
  const cut = (length: number) => `${characters.slice(0, length).join('').trimEnd()}…`;
  let fits = 0;
  let fitsNot = characters.length;
  while (fitsNot - fits > 1) {
    const length = Math.floor((fits + fitsNot) / 2);
    if (widthOf(cut(length)) <= width) fits = length;
    else fitsNot = length;
  }
  return cut(fits);
}
