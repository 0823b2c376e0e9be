import { useTranslation } from 'react-i18next';
import type { User } from '@hub/proto';
import { Link } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { Bell, Check, LogOut, Monitor, Moon, Palette, Plug, Sun, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { THEME_CHOICES, type ThemeChoice } from '../theme/theme';
import { useTheme } from '../theme/ThemeProvider';
import { useSaveTheme } from '../settings/useSaveTheme';
import { UserAvatar } from './UserAvatar';
import { useLogout } from './useLogout';

const THEME_ICONS: Record<ThemeChoice, ReactNode> = {
  light: <Sun className="size-4" />,
  dark: <Moon className="size-4" />,
  system: <Monitor className="size-4" />,
};

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800';

interface UserMenuProps {
  user: User;
  /** 'sidebar' shows name and role next to the avatar; 'header' only the avatar. */
  placement: 'sidebar' | 'header';
}

export function UserMenu({ user, placement }: UserMenuProps) {
  const { t } = useTranslation();
  const { choice } = useTheme();
  const setChoice = useSaveTheme();
  const logout = useLogout();
  const inSidebar = placement === 'sidebar';

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        data-testid={inSidebar ? 'sidebar-user-menu-trigger' : 'user-menu-trigger'}
        className={
          inSidebar
            ? 'flex w-full items-center gap-3 rounded-md p-2 text-left hover:bg-slate-100 dark:hover:bg-slate-800'
            : // A 44 px tap target around the 32 px avatar below `lg`.
              'inline-flex items-center justify-center rounded-full focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none max-lg:size-11'
        }
      >
        <UserAvatar name={user.name} profilePicture={user.profilePicture} />
        {/* The name is the visible text (WCAG 2.5.3, label in name), plus what the button does. */}
        {!inSidebar && <span className="sr-only">{t('shell.openUserMenu')}</span>}
        {inSidebar && (
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium">{user.name}</span>
            <span
              data-testid="user-role"
              className="block truncate text-xs text-slate-500 dark:text-slate-400"
            >
              {t(`roles.${user.role}`)}
            </span>
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          data-testid="user-menu"
          align={inSidebar ? 'start' : 'end'}
          side={inSidebar ? 'top' : 'bottom'}
          sideOffset={6}
          className="z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 text-slate-900 shadow-md dark:border-slate-700 dark:bg-slate-900 dark:text-slate-50"
        >
          <DropdownMenu.Label className="px-2 py-1.5">
            <span className="block text-sm font-medium">{user.name}</span>
            <span className="block text-xs text-slate-500 dark:text-slate-400">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/profile" data-testid="menu-profile">
              <UserRound className="size-4" /> {t('shell.profile')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/activity" data-testid="menu-activity">
              <Bell className="size-4" /> {t('shell.activity')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/integrations" data-testid="menu-integrations">
              <Plug className="size-4" /> {t('shell.integrations')}
            </Link>
          </DropdownMenu.Item>
          {/* Inline rather than a submenu: one click to switch, and no hover path to lose. */}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Label
            data-testid="menu-theme"
            className="flex items-center gap-2 px-2 py-1 text-xs font-medium text-slate-500 dark:text-slate-400"
          >
            <Palette className="size-3.5" /> {t('shell.theme')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={choice}
            onValueChange={(value) => setChoice(THEME_CHOICES.find((c) => c === value) ?? choice)}
          >
            {THEME_CHOICES.map((option) => (
              <DropdownMenu.RadioItem
                key={option}
                value={option}
                data-testid={`theme-${option}`}
                onSelect={(event) => event.preventDefault()}
                className={itemClass}
              >
                {THEME_ICONS[option]}
                {t(`theme.${option}`)}
                <DropdownMenu.ItemIndicator className="ml-auto">
                  <Check className="size-4" aria-label={t('shell.selected')} />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item
            data-testid="menu-logout"
            className={itemClass}
            onSelect={() => void logout()}
          >
            <LogOut className="size-4" /> {t('shell.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
