import type { ReactNode } from 'react';
import {
  createRootRoute,
  createRoute,
  createRouter,
  Navigate,
  Outlet,
  useParams,
} from '@tanstack/react-router';
import { PageGate } from './access/PageGate';
import type { PagePath } from './access/pageAccess';
import { ActivityPage } from './activity/ActivityPage';
import { AuditLogPage } from './audit/AuditLogPage';
import { AdminConsolePage } from './admin/AdminConsolePage';
import { DataPanelPage } from './admin/DataPanelPage';
import { CallbackPage } from './auth/CallbackPage';
import { PrivacyPage, SupportPage, TermsPage } from './auth/InfoPages';
import { CertificationsPage } from './certifications/CertificationsPage';
import { SignInPage } from './auth/SignInPage';
import { HubPage } from './dashboard/HubPage';
import { IntegrationsPage } from './integrations/IntegrationsPage';
import { FloorPage } from './floor/FloorPage';
import { EvaluationEditorPage } from './evaluations/EvaluationEditorPage';
import { AcknowledgePage } from './library/AcknowledgePage';
import { LibraryPage } from './library/LibraryPage';
import { MySopPage } from './my-sops/MySopPage';
import { EnhancedSetupPage } from './invitations/EnhancedSetupPage';
import { SetupPasswordPage } from './invitations/SetupPasswordPage';
import { ProfilePage } from './profile/ProfilePage';
import { ConfirmEmailPage } from './profile/ConfirmEmailPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { ObservationSessionPage } from './observations/ObservationSessionPage';
import { ObservationsPage } from './observations/ObservationsPage';
import { SettingsPage } from './settings/SettingsPage';
import { RecommendationsPage } from './recommendations/RecommendationsPage';
import { Shell } from './shell/Shell';
import { JobFunctionsPage } from './skills/JobFunctionsPage';
import { parseMatrixSearch } from './skills/search';
import { SkillsMatrixPage } from './skills/SkillsMatrixPage';
import { TrainingPage } from './training/TrainingPage';
import { CertificationsInsightsPage } from './insights/CertificationsInsightsPage';
import { InsightsPage } from './insights/InsightsPage';
import { ObservationsInsightsPage } from './insights/ObservationsInsightsPage';
import { ProgressInsightsPage } from './insights/ProgressInsightsPage';
import { parseCertificationsSearch, parseObservationsSearch } from './insights/search';
import { MemberPage } from './team/MemberPage';
import { TeamPage } from './team/TeamPage';
import { PeopleImportPage } from './people-import/PeopleImportPage';

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

/** Every signed-in page renders inside the shell, which waits for the current user. */
const shellRoute = createRoute({ getParentRoute: () => rootRoute, id: 'shell', component: Shell });

/** A page inside the shell, gated by its row of PAGE_ACCESS (web/src/access/pageAccess.ts). */
function shellPage<const TPath extends PagePath>(path: TPath, Page: () => ReactNode) {
  return createRoute({
    getParentRoute: () => shellRoute,
    path,
    component: () => (
      <PageGate path={path}>
        <Page />
      </PageGate>
    ),
  });
}

const shellPages = [
  shellPage('dashboard', HubPage),
  shellPage('admin', AdminConsolePage),
  shellPage('admin-dashboard', AdminConsolePage),
  shellPage('admin/data', DataPanelPage),
  shellPage('profile', ProfilePage),
  shellPage('activity', ActivityPage),
  shellPage('library', () => <LibraryPage tab="documents" />),
  shellPage('library/documents', () => <LibraryPage tab="documents" />),
  shellPage('library/videos', () => <LibraryPage tab="videos" />),
  // Reviewers only (the server's TRAINING_EDITORS; the page says so to anyone else).
  shellPage('library/documents/$id/evaluation/edit', () => <EvaluationEditorRoute />),
  // Everyone asked to acknowledge a new version (operators too; the server scopes it).
  shellPage('library/documents/$id/acknowledge', () => <AcknowledgeRoute />),
  // Everyone reads their own SOPs (courses, job functions, certifications; the server scopes it).
  shellPage('my-sops/$id', () => <MySopRoute />),
  shellPage('library/observations', ObservationsPage),
  // The spec leaves /observation's content unshown: it leads to the observations list.
  shellPage('observation', () => <Navigate to="/library/observations" replace />),
  shellPage('observation/$id', ObservationSessionRoute),
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
  shellPage('team/$id', MemberRoute),
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
  Page: () => ReactNode,
) {
  return createRoute({
    getParentRoute: () => shellRoute,
    path,
    validateSearch,
    component: () => (
      <PageGate path={path}>
        <Page />
      </PageGate>
    ),
  });
}

/** The numeric {id} of the current address (NaN when it is not a number). */
function useIdParam(): number {
  const params: { id?: string } = useParams({ strict: false });
  return Number(params.id);
}

function EvaluationEditorRoute() {
  return <EvaluationEditorPage documentId={useIdParam()} />;
}

function AcknowledgeRoute() {
  return <AcknowledgePage documentId={useIdParam()} />;
}

function MySopRoute() {
  return <MySopPage documentId={useIdParam()} />;
}

function MemberRoute() {
  return <MemberPage id={useIdParam()} />;
}

function ObservationSessionRoute() {
  const id = useIdParam();
  // Keyed: moving from one session to another starts afresh (timers, choice, notes).
  return <ObservationSessionPage key={id} id={id} />;
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
  shellRoute.addChildren(shellPages),
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
