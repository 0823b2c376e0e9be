import { useTranslation } from 'react-i18next';
import type { User } from '@hub/proto';
import { Link } from '@tanstack/react-router';
import { Collapsible } from 'radix-ui';
import {
  ChartColumn,
  ChevronDown,
  Factory,
  GraduationCap,
  House,
  LayoutDashboard,
  Library,
  Shield,
  Users,
  Wrench,
  Briefcase,
} from 'lucide-react';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import {
  navigationFor,
  navTestId,
  type NavEntry,
  type NavGroup,
  type NavIcon,
  type NavLink,
} from './navigation';
import { UserMenu } from './UserMenu';

const ICONS: Record<NavIcon, ReactNode> = {
  admin: <Shield className="size-4" />,
  hub: <House className="size-4" />,
  operations: <Briefcase className="size-4" />,
  insights: <ChartColumn className="size-4" />,
  team: <Users className="size-4" />,
  library: <Library className="size-4" />,
  training: <GraduationCap className="size-4" />,
  equipment: <Wrench className="size-4" />,
  floor: <Factory className="size-4" />,
};

/** The sidebar's id, for the menu button's aria-controls. */
export const SIDEBAR_ID = 'sidebar';

/** Below `lg` the rows are at least 44 px high, a finger's tap target. */
const rowClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm max-lg:min-h-11 text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800';

interface SidebarProps {
  user: User;
  expanded: readonly string[];
  onToggleGroup: (id: string) => void;
  /** Width classes, 'w-64' by default (the drawer gives its own). */
  className?: string;
}

export function Sidebar({ user, expanded, onToggleGroup, className = 'w-64' }: SidebarProps) {
  const { t } = useTranslation();
  const entries = navigationFor(user.role);
  return (
    <aside
      id={SIDEBAR_ID}
      data-testid="sidebar"
      className={clsx(
        className,
        'flex shrink-0 flex-col border-r border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950',
      )}
    >
      <div className="flex h-14 items-center gap-2 border-b border-slate-200 px-4 dark:border-slate-800">
        <LayoutDashboard className="size-5 text-blue-600" />
        <span className="truncate font-semibold">
          {t('shell.organizationHub', { organization: user.organizationName })}
        </span>
      </div>
      <nav aria-label={t('shell.mainNavigation')} className="flex-1 overflow-y-auto p-2">
        <NavList entries={entries} depth={0} expanded={expanded} onToggleGroup={onToggleGroup} />
      </nav>
      <div className="border-t border-slate-200 p-2 dark:border-slate-800">
        <UserMenu user={user} placement="sidebar" />
      </div>
    </aside>
  );
}

interface NavListProps {
  entries: readonly NavEntry[];
  depth: number;
  expanded: readonly string[];
  onToggleGroup: (id: string) => void;
}

function NavList({ entries, depth, expanded, onToggleGroup }: NavListProps) {
  return (
    <ul
      className={clsx(
        'space-y-1',
        depth > 0 && 'mt-1 ml-4 border-l border-slate-200 pl-2 dark:border-slate-800',
      )}
    >
      {entries.map((entry) => (
        <li key={entry.kind === 'link' ? entry.to : entry.id}>
          {entry.kind === 'link' ? (
            <NavLinkRow entry={entry} />
          ) : (
            <NavGroupRow
              entry={entry}
              depth={depth}
              expanded={expanded}
              onToggleGroup={onToggleGroup}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

function NavLinkRow({ entry }: { entry: NavLink }) {
  const { t } = useTranslation();
  return (
    <Link
      to={entry.to}
      data-testid={navTestId(entry.to)}
      className={rowClass}
      activeProps={{
        className: 'bg-blue-50 font-medium text-blue-700 dark:bg-blue-950 dark:text-blue-300',
      }}
    >
      {entry.icon && ICONS[entry.icon]}
      {t(`nav.${entry.label}`)}
    </Link>
  );
}

interface NavGroupRowProps {
  entry: NavGroup;
  depth: number;
  expanded: readonly string[];
  onToggleGroup: (id: string) => void;
}

function NavGroupRow({ entry, depth, expanded, onToggleGroup }: NavGroupRowProps) {
  const { t } = useTranslation();
  const open = expanded.includes(entry.id);
  return (
    <Collapsible.Root open={open} onOpenChange={() => onToggleGroup(entry.id)}>
      <Collapsible.Trigger data-testid={navTestId(`/group${entry.id}`)} className={rowClass}>
        {entry.icon && ICONS[entry.icon]}
        <span className="flex-1 text-left">{t(`nav.${entry.label}`)}</span>
        <ChevronDown className={clsx('size-4 transition-transform', open && 'rotate-180')} />
      </Collapsible.Trigger>
      <Collapsible.Content>
        <NavList
          entries={entry.children}
          depth={depth + 1}
          expanded={expanded}
          onToggleGroup={onToggleGroup}
        />
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
