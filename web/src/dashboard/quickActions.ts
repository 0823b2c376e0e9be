import type { Role } from '@hub/proto';
import { Award, CalendarDays, FileChartColumn, type LucideIcon } from 'lucide-react';
import { mayOpen, type PagePath } from '../access/pageAccess';

export interface QuickAction {
  label: string;
  /** A page of PAGE_ACCESS: whoever may not open it does not get the action. */
  to: `/${PagePath}`;
  icon: LucideIcon;
}

/** The Hub's Quick Actions, each leading to the page that does it. */
export const QUICK_ACTIONS = [
  { label: 'Schedule Training Session', to: '/training', icon: CalendarDays },
  { label: 'Generate Reports', to: '/insights', icon: FileChartColumn },
  { label: 'Review Certifications', to: '/certifications', icon: Award },
] as const satisfies readonly QuickAction[];

export type HubQuickAction = (typeof QUICK_ACTIONS)[number];

/** The actions whose page the role may open (by the page-access table, as the router gates). */
export function quickActionsFor(role: Role | undefined): HubQuickAction[] {
  if (!role) return [];
  return QUICK_ACTIONS.filter((action) => mayOpen(action.to.slice(1) as PagePath, role));
}
