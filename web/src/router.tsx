import type { ReactNode } from 'react';
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type AsyncRouteComponent,
  Navigate,
  Outlet,
  useParams,
} from '@tanstack/react-router';
import { PageGate } from './access/PageGate';
import type { PagePath } from './access/pageAccess';
import { SignInPage } from './auth/SignInPage';
import { parseCertificationsSearch, parseObservationsSearch } from './insights/search';
import { NotFoundPage } from './pages/NotFoundPage';
import { PagePending } from './shell/PagePending';
import { Shell } from './shell/Shell';
import { parseMatrixSearch } from './skills/search';

// Each page but the sign-in page (everyone's first) is its own chunk, loaded when the router goes
// to it: a first load compiled every page's script and the libraries only a few pages use
// (charts, Markdown), about 2.2 MB in every new tab (docs/testing.md).
const ActivityPage = lazyRouteComponent(() => import('./activity/ActivityPage'), 'ActivityPage');
const AuditLogPage = lazyRouteComponent(() => import('./audit/AuditLogPage'), 'AuditLogPage');
const AdminConsolePage = lazyRouteComponent(
  () => import('./admin/AdminConsolePage'),
  'AdminConsolePage',
);
const DataPanelPage = lazyRouteComponent(() => import('./admin/DataPanelPage'), 'DataPanelPage');
const CallbackPage = lazyRouteComponent(() => import('./auth/CallbackPage'), 'CallbackPage');
const PrivacyPage = lazyRouteComponent(() => import('./auth/InfoPages'), 'PrivacyPage');
const SupportPage = lazyRouteComponent(() => import('./auth/InfoPages'), 'SupportPage');
const TermsPage = lazyRouteComponent(() => import('./auth/InfoPages'), 'TermsPage');
const VerifyCertificationPage = lazyRouteComponent(
  () => import('./certifications/verify/VerifyCertificationPage'),
  'VerifyCertificationPage',
);
const CertificationsPage = lazyRouteComponent(
  () => import('./certifications/CertificationsPage'),
  'CertificationsPage',
);
const HubPage = lazyRouteComponent(() => import('./dashboard/HubPage'), 'HubPage');
const IntegrationsPage = lazyRouteComponent(
  () => import('./integrations/IntegrationsPage'),
  'IntegrationsPage',
);
const FloorPage = lazyRouteComponent(() => import('./floor/FloorPage'), 'FloorPage');
const EvaluationEditorPage = lazyRouteComponent(
  () => import('./evaluations/EvaluationEditorPage'),
  'EvaluationEditorPage',
);
const AcknowledgePage = lazyRouteComponent(
  () => import('./library/AcknowledgePage'),
  'AcknowledgePage',
);
const LibraryPage = lazyRouteComponent(() => import('./library/LibraryPage'), 'LibraryPage');
const MySopPage = lazyRouteComponent(() => import('./my-sops/MySopPage'), 'MySopPage');
const EnhancedSetupPage = lazyRouteComponent(
  () => import('./invitations/EnhancedSetupPage'),
  'EnhancedSetupPage',
);
const SetupPasswordPage = lazyRouteComponent(
  () => import('./invitations/SetupPasswordPage'),
  'SetupPasswordPage',
);
const ProfilePage = lazyRouteComponent(() => import('./profile/ProfilePage'), 'ProfilePage');
const ConfirmEmailPage = lazyRouteComponent(
  () => import('./profile/ConfirmEmailPage'),
  'ConfirmEmailPage',
);
const ObservationSessionPage = lazyRouteComponent(
  () => import('./observations/ObservationSessionPage'),
  'ObservationSessionPage',
);
const ObservationsPage = lazyRouteComponent(
  () => import('./observations/ObservationsPage'),
  'ObservationsPage',
);
const SettingsPage = lazyRouteComponent(() => import('./settings/SettingsPage'), 'SettingsPage');
const RecommendationsPage = lazyRouteComponent(
  () => import('./recommendations/RecommendationsPage'),
  'RecommendationsPage',
);
const JobFunctionsPage = lazyRouteComponent(
  () => import('./skills/JobFunctionsPage'),
  'JobFunctionsPage',
);
const SkillsMatrixPage = lazyRouteComponent(
  () => import('./skills/SkillsMatrixPage'),
  'SkillsMatrixPage',
);
const TrainingPage = lazyRouteComponent(() => import('./training/TrainingPage'), 'TrainingPage');
const CertificationsInsightsPage = lazyRouteComponent(
  () => import('./insights/CertificationsInsightsPage'),
  'CertificationsInsightsPage',
);
const InsightsPage = lazyRouteComponent(() => import('./insights/InsightsPage'), 'InsightsPage');
const ObservationsInsightsPage = lazyRouteComponent(
  () => import('./insights/ObservationsInsightsPage'),
  'ObservationsInsightsPage',
);
const ProgressInsightsPage = lazyRouteComponent(
  () => import('./insights/ProgressInsightsPage'),
  'ProgressInsightsPage',
);
const MemberPage = lazyRouteComponent(() => import('./team/MemberPage'), 'MemberPage');
const TeamPage = lazyRouteComponent(() => import('./team/TeamPage'), 'TeamPage');
const PeopleImportPage = lazyRouteComponent(
  () => import('./people-import/PeopleImportPage'),
  'PeopleImportPage',
);

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

/** Invitation pages: outside the shell, no sign-in needed. */
const setupPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'setup-password',
  component: SetupPasswordPage,
});
const enhancedSetupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'enhanced-setup',
  component: EnhancedSetupPage,
});

/** The sign-in page's Privacy Policy, Terms of Service and Support links: public. */
const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'privacy',
  component: PrivacyPage,
});
const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'terms',
  component: TermsPage,
});
const supportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'support',
  component: SupportPage,
});

/** Opened from the mail to a new email address; the link itself is the proof. */
const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'confirm-email',
  component: ConfirmEmailPage,
});

/** A paper certificate's printed address: anyone checks its code, signed in or not. */
const verifyCertificateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'verify/$code',
  component: VerifyCertificationPage,
});

/** Every signed-in page renders inside the shell, which waits for the current user. */
const shellRoute = createRoute({ getParentRoute: () => rootRoute, id: 'shell', component: Shell });

/**
 * A page's component. A lazy one carries its chunk's `preload`, which the router awaits before it
 * shows the page (route.options.component.preload), so a page never flashes an empty frame.
 */
type PageComponent = ((props: Record<string, never>) => ReactNode) & {
  preload?: () => Promise<void> | undefined;
};

/** A page inside the shell, gated by its row of PAGE_ACCESS (web/src/access/pageAccess.ts). */
function shellPage<const TPath extends PagePath>(path: TPath, Page: PageComponent) {
  return createRoute({
    getParentRoute: () => shellRoute,
    path,
    component: gated(path, Page),
  });
}

function gated(path: PagePath, Page: PageComponent): PageComponent {
  return Object.assign(
    () => (
      <PageGate path={path}>
        <Page />
      </PageGate>
    ),
    { preload: Page.preload },
  );
}

/** A lazy page shown with fixed props. */
function boundPage<TProps extends object>(
  Page: AsyncRouteComponent<TProps>,
  props: TProps,
): PageComponent {
  return Object.assign(() => <Page {...props} />, { preload: Page.preload });
}

/**
 * A lazy page of the address's numeric {id}, keyed by it: moving from one record to another
 * starts afresh (an observation session's timers, choice and notes).
 */
function idPage<TProps extends object>(
  Page: AsyncRouteComponent<TProps>,
  props: (id: number) => TProps,
): PageComponent {
  function IdPage() {
    const id = useIdParam();
    return <Page key={id} {...props(id)} />;
  }
  return Object.assign(IdPage, { preload: Page.preload });
}

const shellPages = [
  shellPage('dashboard', HubPage),
  shellPage('admin', AdminConsolePage),
  shellPage('admin-dashboard', AdminConsolePage),
  shellPage('admin/data', DataPanelPage),
  shellPage('profile', ProfilePage),
  shellPage('activity', ActivityPage),
  shellPage('library', boundPage(LibraryPage, { tab: 'documents' })),
  shellPage('library/documents', boundPage(LibraryPage, { tab: 'documents' })),
  shellPage('library/videos', boundPage(LibraryPage, { tab: 'videos' })),
  // Reviewers only (the server's TRAINING_EDITORS; the page says so to anyone else).
  shellPage(
    'library/documents/$id/evaluation/edit',
    idPage(EvaluationEditorPage, (id) => ({ documentId: id })),
  ),
  // Everyone asked to acknowledge a new version (operators too; the server scopes it).
  shellPage(
    'library/documents/$id/acknowledge',
    idPage(AcknowledgePage, (id) => ({ documentId: id })),
  ),
  // Everyone reads their own SOPs (courses, job functions, certifications; the server scopes it).
  shellPage(
    'my-sops/$id',
    idPage(MySopPage, (id) => ({ documentId: id })),
  ),
  shellPage('library/observations', ObservationsPage),
  // The spec leaves /observation's content unshown: it leads to the observations list.
  shellPage('observation', () => <Navigate to="/library/observations" replace />),
  shellPage(
    'observation/$id',
    idPage(ObservationSessionPage, (id) => ({ id })),
  ),
  // Training: all roles (editing is for TRAINING_EDITORS, checked inside the page).
  shellPage('training', TrainingPage),
  shellPage('audit-log', AuditLogPage),
  // Certifications: everyone (an operator sees their own; the server scopes it).
  shellPage('certifications', CertificationsPage),
  // Integrations: super_admin only (PAGE_ACCESS; the server refuses others too).
  shellPage('integrations', IntegrationsPage),
  // Floor View: TRAINING_EDITORS (PAGE_ACCESS follows GET /api/stats/floor).
  shellPage('floor', FloorPage),
  // Team Overview and a member's page: STAFF_ROLES (PAGE_ACCESS follows the team routes).
  // Insights: STAFF_ROLES (PAGE_ACCESS follows GET /api/stats/insights).
  shellPage('insights', InsightsPage),
  shellPage('team', TeamPage),
  shellPage(
    'team/$id',
    idPage(MemberPage, (id) => ({ id })),
  ),
  // People import: ORGANIZATION_ADMINS (administrators, the super administrator).
  shellPage('people-import', PeopleImportPage),
  // Settings: everyone, each for their own account.
  shellPage('settings', SettingsPage),
  // Recommendations: STAFF_ROLES (PAGE_ACCESS follows GET /api/recommendations).
  shellPage('recommendations', RecommendationsPage),
  // Job functions: staff read, admins manage (checked inside the page and on the server).
  shellPage('insights/job-functions', JobFunctionsPage),
  // Skills matrix: everyone (an operator sees their own row); its filters live in the address.
  searchedPage('insights/skills-matrix', parseMatrixSearch, SkillsMatrixPage),
  // Insights chart pages: STAFF_ROLES; the figure whose rows are listed lives in the address.
  searchedPage('insights/observations', parseObservationsSearch, ObservationsInsightsPage),
  searchedPage('insights/certifications', parseCertificationsSearch, CertificationsInsightsPage),
  shellPage('insights/progress', ProgressInsightsPage),
];

/** A gated shell page whose address carries search parameters, parsed leniently. */
function searchedPage<const TPath extends PagePath, TSearch>(
  path: TPath,
  validateSearch: (search: Record<string, unknown>) => TSearch,
  Page: PageComponent,
) {
  return createRoute({
    getParentRoute: () => shellRoute,
    path,
    validateSearch,
    component: gated(path, Page),
  });
}

/** The numeric {id} of the current address (NaN when it is not a number). */
function useIdParam(): number {
  const params: { id?: string } = useParams({ strict: false });
  return Number(params.id);
}

const routeTree = rootRoute.addChildren([
  signInRoute,
  loginRoute,
  callbackRoute,
  setupPasswordRoute,
  enhancedSetupRoute,
  confirmEmailRoute,
  privacyRoute,
  termsRoute,
  supportRoute,
  verifyCertificateRoute,
  shellRoute.addChildren(shellPages),
]);

export const router = createRouter({
  routeTree,
  // An unknown path must not render inside the shell (which would first demand a session).
  notFoundMode: 'root',
  defaultPreload: false,
  // Past the pending time (a second) a page whose code or data has not come says so in its own
  // place (in the shell, for a shell page), rather than the last page staying on screen with
  // nothing visible to tell another is on its way, or a first load staying blank.
  defaultPendingComponent: PagePending,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
