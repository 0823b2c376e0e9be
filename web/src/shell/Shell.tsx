import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { Dialog, Tooltip } from 'radix-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { currentUserQuery } from '../api/queries';
import { isApiError } from '../api/client';
import { clearCurrentUser, readCurrentUser, storeCurrentUser } from '../auth/session';
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
import { Sidebar, SIDEBAR_ID } from './Sidebar';
import { OfflineShell } from './OfflineShell';
import { useMediaQuery, WIDE_SCREEN } from './useMediaQuery';
import { UserMenu } from './UserMenu';

/**
 * Layout of every signed-in page: waits for the current user, then sidebar, header and page.
 * From Tailwind's `lg` (1024 px) the sidebar sits beside the page, open unless the person closed
 * it (remembered); narrower, it is a drawer over the page, closed until the menu button opens
 * it and closed again by Escape, a tap outside or going to another page, so the page has the
 * whole width.
 */
export function Shell() {
  const { t } = useTranslation();
  const { data: user, error, isPending, isError, refetch } = useQuery(currentUserQuery);
  const [menuOpen, setMenuOpen] = useState(() => parseMenuOpen(readStored(MENU_OPEN_KEY)));
  const wide = useMediaQuery(WIDE_SCREEN);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Until a page's code and data have arrived the last page stays shown: marked busy meanwhile,
  // for assistive technology (and the e2e walk, which reads a page once it is no longer busy).
  const pageLoading = useRouterState({ select: (state) => state.status === 'pending' });
  const [drawerPath, setDrawerPath] = useState(pathname);
  if (drawerPath !== pathname) {
    // Another page: the drawer closes (state adjusted while rendering, not in an effect).
    setDrawerPath(pathname);
    setDrawerOpen(false);
  }
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

  if (isPending || !preferencesReady) return <FullScreenSpinner title={t('common.loading')} />;
  if (isError) {
    // No answer at all (not an error answer): someone signed in here reads what was kept.
    const stored = isApiError(error) ? null : readCurrentUser();
    if (stored) return <OfflineShell user={stored} onRetry={() => void refetch()} />;
    return (
      <div role="alert" className="flex h-screen flex-col items-center justify-center gap-3">
        <p>{t('shell.unreachable')}</p>
        <button
          type="button"
          onClick={() => void refetch()}
          className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700"
        >
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  if (user === null) return <Navigate to="/" replace />;

  const sidebarShown = wide ? menuOpen : drawerOpen;
  const menuButton = (
    <button
      ref={menuButtonRef}
      type="button"
      data-testid="sidebar-toggle"
      aria-label={t('shell.toggleSidebar')}
      aria-expanded={sidebarShown}
      aria-controls={sidebarShown ? SIDEBAR_ID : undefined}
      onClick={wide ? toggleMenu : () => setDrawerOpen(true)}
      className="inline-flex size-11 items-center justify-center rounded-md hover:bg-slate-100 dark:hover:bg-slate-800"
    >
      <Menu className="size-5" />
    </button>
  );

  return (
    <div className="flex h-dvh bg-slate-50 text-slate-900 dark:bg-slate-900 dark:text-slate-50">
      {wide && menuOpen && <Sidebar user={user} expanded={expanded} onToggleGroup={toggleGroup} />}
      {!wide && (
        <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
            <Dialog.Content
              data-testid="sidebar-drawer"
              aria-describedby={undefined}
              onCloseAutoFocus={(event) => {
                // Focus goes back to the menu button that opened the drawer.
                event.preventDefault();
                menuButtonRef.current?.focus();
              }}
              className="fixed inset-y-0 left-0 z-40 flex w-72 max-w-[85vw] text-slate-900 shadow-xl dark:text-slate-50"
            >
              <Dialog.Title className="sr-only">{t('shell.menu')}</Dialog.Title>
              <Sidebar
                user={user}
                expanded={expanded}
                onToggleGroup={toggleGroup}
                className="w-full"
              />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 shrink-0 items-center justify-between gap-2 border-b border-slate-200 bg-white px-2 sm:px-4 dark:border-slate-800 dark:bg-slate-950">
          <Tooltip.Root>
            <Tooltip.Trigger asChild>{menuButton}</Tooltip.Trigger>
            <Tooltip.Portal>
              <Tooltip.Content
                sideOffset={4}
                className="z-50 rounded-md bg-slate-900 px-2 py-1 text-xs text-white dark:bg-slate-100 dark:text-slate-900"
              >
                {sidebarShown ? t('shell.hideMenu') : t('shell.showMenu')}
              </Tooltip.Content>
            </Tooltip.Portal>
          </Tooltip.Root>
          {!wide && (
            <span className="min-w-0 flex-1 truncate font-semibold">
              {t('shell.organizationHub', { organization: user.organizationName })}
            </span>
          )}
          <UserMenu user={user} placement="header" />
        </header>
        {/* The page scrolls inside main: in the tab order, a keyboard can scroll a page that has
            nothing focusable of its own (a long audit log; axe-core's scrollable-region rule). */}
        <main
          tabIndex={0}
          aria-busy={pageLoading || undefined}
          className="min-w-0 flex-1 overflow-y-auto p-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 sm:p-6"
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}
