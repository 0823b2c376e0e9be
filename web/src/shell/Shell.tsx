import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { useCallback, useEffect, useState } from 'react';
import { currentUserQuery } from '../api/queries';
import { clearCurrentUser, storeCurrentUser } from '../auth/session';
import { useAppliedPreferences } from '../settings/useAppliedPreferences';
import { FullScreenSpinner } from '../ui/Spinner';
import {
  EXPANDED_ITEMS_KEY,
  MENU_OPEN_KEY,
  parseExpandedItems,
  parseMenuOpen,
  readStored,
  toggleExpanded,
  writeStored,
} from './menuState';
import { Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';

/** Layout of every signed-in page: waits for the current user, then sidebar, header and page. */
export function Shell() {
  const { data: user, isPending, isError, refetch } = useQuery(currentUserQuery);
  const [menuOpen, setMenuOpen] = useState(() => parseMenuOpen(readStored(MENU_OPEN_KEY)));
  const [expanded, setExpanded] = useState(() =>
    parseExpandedItems(readStored(EXPANDED_ITEMS_KEY)),
  );

  useEffect(() => {
    // Keeps the stored record in step with the session (it may have been opened in another tab).
    if (user) storeCurrentUser(user);
    else if (user === null) clearCurrentUser();
  }, [user]);

  const toggleMenu = useCallback(() => {
    setMenuOpen((open) => {
      writeStored(MENU_OPEN_KEY, String(!open));
      return !open;
    });
  }, []);

  const toggleGroup = useCallback((id: string) => {
    setExpanded((items) => {
      const next = toggleExpanded(items, id);
      writeStored(EXPANDED_ITEMS_KEY, JSON.stringify(next));
      return next;
    });
  }, []);

  // Pages render once the user's preferences apply, so no date shows in the wrong zone first.
  const preferencesReady = useAppliedPreferences(Boolean(user));

  if (isPending || !preferencesReady) return <FullScreenSpinner title="Loading..." />;
  if (isError) {
    return (
      <div role="alert" className="flex h-screen flex-col items-center justify-center gap-3">
        <p>The server could not be reached.</p>
        <button
          type="button"
          onClick={() => void refetch()}
          className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700"
        >
          Try again
        </button>
      </div>
    );
  }
  if (user === null) return <Navigate to="/" replace />;

  return (
    <div className="flex h-screen bg-slate-50 text-slate-900 dark:bg-slate-900 dark:text-slate-50">
      {menuOpen && <Sidebar user={user} expanded={expanded} onToggleGroup={toggleGroup} />}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 shrink-0 items-center justify-between border-b border-slate-200 bg-white px-4 dark:border-slate-800 dark:bg-slate-950">
          <Tooltip.Root>
            <Tooltip.Trigger asChild>
              <button
                type="button"
                data-testid="sidebar-toggle"
                aria-label="Toggle sidebar"
                aria-expanded={menuOpen}
                onClick={toggleMenu}
                className="rounded-md p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <Menu className="size-5" />
              </button>
            </Tooltip.Trigger>
            <Tooltip.Portal>
              <Tooltip.Content
                sideOffset={4}
                className="z-50 rounded-md bg-slate-900 px-2 py-1 text-xs text-white dark:bg-slate-100 dark:text-slate-900"
              >
                {menuOpen ? 'Hide menu' : 'Show menu'}
              </Tooltip.Content>
            </Tooltip.Portal>
          </Tooltip.Root>
          <UserMenu user={user} placement="header" />
        </header>
        <main className="flex-1 overflow-y-auto p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
