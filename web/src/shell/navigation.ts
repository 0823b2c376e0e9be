import { ALL_ROLES, type Role, STAFF_ROLES, SUPER_ADMIN_ONLY, TRAINING_EDITORS } from '@hub/proto';
import type { en } from '../i18n/locales/en';

export type NavIcon =
  | 'admin'
  | 'hub'
  | 'operations'
  | 'insights'
  | 'team'
  | 'library'
  | 'training'
  | 'equipment'
  | 'floor';

/** The entry's English label, also its key in the catalog's `nav` section (translated there). */
export type NavLabel = keyof typeof en.nav;

export interface NavLink {
  kind: 'link';
  label: NavLabel;
  to: string;
  roles: readonly Role[];
  icon?: NavIcon;
}

/** A group only opens and closes; it is not a link itself. `id` is what hamburgerMenuExpandedItems stores. */
export interface NavGroup {
  kind: 'group';
  id: string;
  label: NavLabel;
  roles: readonly Role[];
  icon?: NavIcon;
  children: NavEntry[];
}

export type NavEntry = NavLink | NavGroup;

/** The current sidebar, spec section 6. */
export const NAVIGATION: readonly NavEntry[] = [
  {
    kind: 'link',
    label: 'Admin Dashboard',
    to: '/admin-dashboard',
    roles: SUPER_ADMIN_ONLY,
    icon: 'admin',
  },
  { kind: 'link', label: 'Hub', to: '/dashboard', roles: ALL_ROLES, icon: 'hub' },
  {
    kind: 'group',
    id: '/operations',
    label: 'Operations',
    // Staff only (spec section 6); an operator's own standing per SOP is on the Training page.
    roles: STAFF_ROLES,
    icon: 'operations',
    children: [
      {
        kind: 'group',
        id: '/insights',
        label: 'Insights',
        roles: STAFF_ROLES,
        icon: 'insights',
        children: [
          {
            kind: 'link',
            label: 'Certifications',
            to: '/insights/certifications',
            roles: STAFF_ROLES,
          },
          {
            kind: 'link',
            label: 'Job Functions',
            to: '/insights/job-functions',
            roles: STAFF_ROLES,
          },
          { kind: 'link', label: 'Observations', to: '/insights/observations', roles: STAFF_ROLES },
          {
            kind: 'link',
            label: 'Skills Matrix',
            to: '/insights/skills-matrix',
            roles: STAFF_ROLES,
          },
          { kind: 'link', label: 'Progress', to: '/insights/progress', roles: STAFF_ROLES },
        ],
      },
      { kind: 'link', label: 'Team Overview', to: '/team', roles: STAFF_ROLES, icon: 'team' },
    ],
  },
  {
    kind: 'group',
    id: '/library',
    label: 'Library',
    roles: STAFF_ROLES,
    icon: 'library',
    children: [
      { kind: 'link', label: 'Documents', to: '/library/documents', roles: STAFF_ROLES },
      { kind: 'link', label: 'Videos', to: '/library/videos', roles: STAFF_ROLES },
      { kind: 'link', label: 'Observations', to: '/library/observations', roles: STAFF_ROLES },
    ],
  },
  { kind: 'link', label: 'Training', to: '/training', roles: ALL_ROLES, icon: 'training' },
  {
    kind: 'group',
    id: '/equipment',
    label: 'Equipment',
    roles: TRAINING_EDITORS,
    icon: 'equipment',
    children: [
      { kind: 'link', label: 'Floor View', to: '/floor', roles: TRAINING_EDITORS, icon: 'floor' },
    ],
  },
];

/** Entries the role may see; a group left without visible children disappears too. */
export function navigationFor(role: Role, entries: readonly NavEntry[] = NAVIGATION): NavEntry[] {
  const visible: NavEntry[] = [];
  for (const entry of entries) {
    if (!entry.roles.includes(role)) continue;
    if (entry.kind === 'link') {
      visible.push(entry);
      continue;
    }
    const children = navigationFor(role, entry.children);
    if (children.length > 0) visible.push({ ...entry, children });
  }
  return visible;
}

/** Every link target in the entries, depth first. */
export function linkTargets(entries: readonly NavEntry[]): string[] {
  return entries.flatMap((entry) =>
    entry.kind === 'link' ? [entry.to] : linkTargets(entry.children),
  );
}

/** '/insights/skills-matrix' -> 'nav-insights-skills-matrix' */
export function navTestId(pathOrId: string): string {
  return `nav${pathOrId.replace(/\//g, '-')}`;
}
