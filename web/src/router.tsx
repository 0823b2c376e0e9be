import { createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { CallbackPage } from './auth/CallbackPage';
import { SignInPage } from './auth/SignInPage';
import { HubPage } from './dashboard/HubPage';
import { ComingSoonPage, StandaloneComingSoonPage } from './pages/ComingSoonPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { Shell } from './shell/Shell';

const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: SignInPage,
});
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  component: SignInPage,
});
const callbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'callback',
  component: CallbackPage,
});

function standalonePage(path: string, title: string) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: () => <StandaloneComingSoonPage title={title} />,
  });
}

/** Every signed-in page renders inside the shell, which waits for the current user. */
const shellRoute = createRoute({ getParentRoute: () => rootRoute, id: 'shell', component: Shell });

const dashboardRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'dashboard',
  component: HubPage,
});

/** A page of a later issue: a notice naming it, and nothing else (no figures). */
function laterPage<const TPath extends string>(path: TPath, title: string) {
  return createRoute({
    getParentRoute: () => shellRoute,
    path,
    component: () => <ComingSoonPage title={title} />,
  });
}

const laterRoutes = [
  laterPage('admin', 'Super Admin Dashboard'),
  laterPage('admin-dashboard', 'Super Admin Dashboard'),
  laterPage('insights', 'Insights'),
  laterPage('insights/certifications', 'Certifications Insights'),
  laterPage('insights/job-functions', 'Job Functions'),
  laterPage('insights/observations', 'Observations Insights'),
  laterPage('insights/skills-matrix', 'Skills Matrix'),
  laterPage('insights/progress', 'Progress'),
  laterPage('team', 'Team Overview'),
  laterPage('floor', 'Floor View'),
  laterPage('certifications', 'Certifications'),
  laterPage('recommendations', 'Recommendations'),
  laterPage('library', 'Library'),
  laterPage('library/documents', 'Document Library'),
  laterPage('library/videos', 'Video Library'),
  laterPage('library/observations', 'Observations'),
  laterPage('training', 'Training Center'),
  laterPage('settings', 'Settings'),
  laterPage('observation', 'Observation'),
  laterPage('observation/$id', 'Live Observation'),
  laterPage('profile', 'Your Profile'),
  laterPage('activity', 'Activity & Notifications'),
  laterPage('integrations', 'Integrations'),
];

const routeTree = rootRoute.addChildren([
  signInRoute,
  loginRoute,
  callbackRoute,
  standalonePage('setup-password', 'Set Up Your Password'),
  standalonePage('enhanced-setup', 'Complete Your Account'),
  shellRoute.addChildren([dashboardRoute, ...laterRoutes]),
]);

export const router = createRouter({
  routeTree,
  // An unknown path must not render inside the shell (which would first demand a session).
  notFoundMode: 'root',
  defaultPreload: false,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
