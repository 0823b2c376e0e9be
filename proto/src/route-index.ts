import type { RouteIndex } from './http.js';
import type { Api } from './routes.js';

/**
 * The route table as a browser calls it: each route's method, path, access and upload field,
 * typed by its whole contract (RouteEntry), without the schemas. The web app calls through this
 * (`web/src/api/routes.ts`), not through `api`, so its first load does not build every schema of
 * the product (178 routes and their RPC contracts: zod's construction was the largest part of a
 * first load's script), and the proto modules it takes nothing from stay out of its bundle
 * (`web/vite.config.ts`). Written from the table by `UPDATE_ROUTE_INDEX=1 npx vitest run
 * --project unit proto/src/route-index.test.ts` and then `npm run format`; that test fails
 * whenever the two differ.
 */
export const routeIndex: RouteIndex<Api> = {
  health: { method: 'GET', path: '/api/health', access: 'public' },
  login: { method: 'POST', path: '/api/auth/login', access: 'public' },
  logout: { method: 'POST', path: '/api/auth/logout', access: 'public' },
  organizationByDomain: { method: 'GET', path: '/api/auth/organization/:domain', access: 'public' },
  organizationChoices: {
    method: 'GET',
    path: '/api/auth/organizations',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  verifyInvitation: { method: 'POST', path: '/api/auth/verify-invitation', access: 'public' },
  setupPassword: { method: 'POST', path: '/api/auth/setup-password', access: 'public' },
  setupPasswordWithProfile: {
    method: 'POST',
    path: '/api/auth/setup-password-with-profile',
    access: 'public',
    upload: { fileField: 'file' },
  },
  currentUser: {
    method: 'GET',
    path: '/api/user',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  uploadProfilePicture: {
    method: 'POST',
    path: '/api/user/profile-picture-upload',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
    upload: { fileField: 'profilePicture' },
  },
  changeProfilePicture: {
    method: 'PUT',
    path: '/api/user/profile-picture',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  profilePicture: {
    method: 'GET',
    path: '/api/users/:userId/profile-picture',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  updateProfile: {
    method: 'PUT',
    path: '/api/user/profile',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  confirmEmail: { method: 'POST', path: '/api/user/email/confirm', access: 'public' },
  changePassword: {
    method: 'PUT',
    path: '/api/user/password',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  userSessions: {
    method: 'GET',
    path: '/api/user/sessions',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  endUserSession: {
    method: 'DELETE',
    path: '/api/user/sessions/:id',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  endOtherUserSessions: {
    method: 'DELETE',
    path: '/api/user/sessions',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  userPreferences: {
    method: 'GET',
    path: '/api/user/preferences',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  updateUserPreferences: {
    method: 'PUT',
    path: '/api/user/preferences',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  organizationSettings: {
    method: 'GET',
    path: '/api/organization/settings',
    access: ['super_admin', 'admin'],
  },
  updateOrganizationSettings: {
    method: 'PUT',
    path: '/api/organization/settings',
    access: ['super_admin', 'admin'],
  },
  dashboardStats: {
    method: 'GET',
    path: '/api/stats/dashboard',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  recentActivity: {
    method: 'GET',
    path: '/api/activity/recent',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  auditLog: { method: 'GET', path: '/api/admin/audit-log', access: ['super_admin', 'admin'] },
  adminOverview: { method: 'GET', path: '/api/admin/overview', access: ['super_admin'] },
  organizationOnboarding: {
    method: 'GET',
    path: '/api/onboarding',
    access: ['super_admin', 'admin'],
  },
  organizationExport: {
    method: 'GET',
    path: '/api/organization-export.zip',
    access: ['super_admin', 'admin'],
  },
  adminOrganizations: { method: 'GET', path: '/api/admin/organizations', access: ['super_admin'] },
  createOrganization: { method: 'POST', path: '/api/admin/organizations', access: ['super_admin'] },
  deleteOrganization: {
    method: 'DELETE',
    path: '/api/admin/organizations/:id',
    access: ['super_admin'],
  },
  adminUsers: { method: 'GET', path: '/api/admin/users', access: ['super_admin'] },
  createUser: { method: 'POST', path: '/api/admin/users', access: ['super_admin'] },
  deleteUser: { method: 'DELETE', path: '/api/admin/users/:id', access: ['super_admin'] },
  resendInvitation: {
    method: 'POST',
    path: '/api/admin/users/:id/resend-invitation',
    access: ['super_admin'],
  },
  prompts: { method: 'GET', path: '/api/admin/prompts', access: ['super_admin'] },
  savePrompts: { method: 'PUT', path: '/api/admin/prompts', access: ['super_admin'] },
  dataPanelUsers: { method: 'GET', path: '/api/users', access: ['super_admin'] },
  dataPanelOrganizations: { method: 'GET', path: '/api/organizations', access: ['super_admin'] },
  notifications: {
    method: 'GET',
    path: '/api/notifications',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  markNotificationRead: {
    method: 'POST',
    path: '/api/notifications/:id/read',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  markAllNotificationsRead: {
    method: 'POST',
    path: '/api/notifications/read-all',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  notificationSettings: {
    method: 'GET',
    path: '/api/notification-settings',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  changeNotificationSetting: {
    method: 'PUT',
    path: '/api/notification-settings',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  activitySummary: {
    method: 'GET',
    path: '/api/activity-summary',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  documents: {
    method: 'GET',
    path: '/api/library/documents',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  document: {
    method: 'GET',
    path: '/api/library/documents/:id',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  uploadDocument: {
    method: 'POST',
    path: '/api/library/documents/upload',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
    upload: { fileField: 'file' },
  },
  documentDownloadUrl: {
    method: 'GET',
    path: '/api/library/documents/:id/download-url',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  documentMarkdown: {
    method: 'GET',
    path: '/api/library/documents/:id/markdown',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  documentImage: {
    method: 'GET',
    path: '/api/library/documents/:id/images/:imgId',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  deleteDocument: {
    method: 'DELETE',
    path: '/api/library/documents/:id',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  retryDocument: {
    method: 'POST',
    path: '/api/library/documents/:id/retry',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  uploadDocumentVersion: {
    method: 'POST',
    path: '/api/library/documents/:id/versions',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
    upload: { fileField: 'file' },
  },
  documentVersions: {
    method: 'GET',
    path: '/api/library/documents/:id/versions',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  documentVersionDiff: {
    method: 'GET',
    path: '/api/library/documents/:id/versions/diff',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  documentVersionDownloadUrl: {
    method: 'GET',
    path: '/api/library/documents/:id/versions/:version/download-url',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  documentVersionMarkdown: {
    method: 'GET',
    path: '/api/library/documents/:id/versions/:version/markdown',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  documentAcknowledgement: {
    method: 'GET',
    path: '/api/library/documents/:id/acknowledgement',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  acknowledgeDocument: {
    method: 'POST',
    path: '/api/library/documents/:id/acknowledge',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  folders: {
    method: 'GET',
    path: '/api/library/folders',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  createFolder: {
    method: 'POST',
    path: '/api/library/folders',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  tags: {
    method: 'GET',
    path: '/api/library/tags',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  createTag: {
    method: 'POST',
    path: '/api/library/tags',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  mySops: {
    method: 'GET',
    path: '/api/my/sops',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  mySop: {
    method: 'GET',
    path: '/api/my/sops/:id',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  mySopImage: {
    method: 'GET',
    path: '/api/my/sops/:id/images/:imgId',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  documentEvaluation: {
    method: 'GET',
    path: '/api/library/documents/:id/evaluation',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  quiz: {
    method: 'GET',
    path: '/api/quizzes/:id',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  updateEvaluation: {
    method: 'PUT',
    path: '/api/library/documents/:id/evaluation',
    access: ['super_admin', 'admin', 'training_supervisor'],
  },
  publishEvaluation: {
    method: 'POST',
    path: '/api/library/documents/:id/evaluation/publish',
    access: ['super_admin', 'admin', 'training_supervisor'],
  },
  regenerateEvaluation: {
    method: 'POST',
    path: '/api/library/documents/:id/evaluation/regenerate',
    access: ['super_admin', 'admin', 'training_supervisor'],
  },
  signedFile: { method: 'GET', path: '/api/files/:token', access: 'public' },
  samlStart: { method: 'POST', path: '/api/auth/saml/start', access: 'public' },
  samlMetadata: { method: 'GET', path: '/api/auth/saml/:connection/metadata', access: 'public' },
  samlAssertionConsumer: {
    method: 'POST',
    path: '/api/auth/saml/:connection/acs',
    access: 'public',
  },
  samlBrowserCallback: { method: 'POST', path: '/api/auth/callback', access: 'public' },
  samlSettings: {
    method: 'GET',
    path: '/api/admin/organizations/:id/saml',
    access: ['super_admin'],
  },
  saveSamlSettings: {
    method: 'PUT',
    path: '/api/admin/organizations/:id/saml',
    access: ['super_admin'],
  },
  teamMembers: {
    method: 'GET',
    path: '/api/team/members',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  observations: {
    method: 'GET',
    path: '/api/observations',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  createObservation: {
    method: 'POST',
    path: '/api/observations/create',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  observation: {
    method: 'GET',
    path: '/api/observations/:id',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  observationResponse: {
    method: 'POST',
    path: '/api/observations/:id/response',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  addFinding: {
    method: 'POST',
    path: '/api/observations/:id/findings',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  resolveFinding: {
    method: 'POST',
    path: '/api/observations/:id/findings/:findingId/resolve',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  observationSettings: {
    method: 'GET',
    path: '/api/observations/settings',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  saveObservationSettings: {
    method: 'PUT',
    path: '/api/observations/settings',
    access: ['super_admin', 'admin', 'training_supervisor'],
  },
  courses: {
    method: 'GET',
    path: '/api/training/courses',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  createCourse: {
    method: 'POST',
    path: '/api/training/courses',
    access: ['super_admin', 'admin', 'training_supervisor'],
  },
  updateCourse: {
    method: 'PUT',
    path: '/api/training/courses/:id',
    access: ['super_admin', 'admin', 'training_supervisor'],
  },
  deleteCourse: {
    method: 'DELETE',
    path: '/api/training/courses/:id',
    access: ['super_admin', 'admin', 'training_supervisor'],
  },
  enroll: {
    method: 'POST',
    path: '/api/training/courses/:id/enroll',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  rateCourse: {
    method: 'POST',
    path: '/api/training/courses/:id/rate',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  enrollments: {
    method: 'GET',
    path: '/api/training/enrollments',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  videos: {
    method: 'GET',
    path: '/api/videos',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  uploadVideo: {
    method: 'POST',
    path: '/api/videos/upload',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
    upload: { fileField: 'file' },
  },
  video: {
    method: 'GET',
    path: '/api/videos/:id',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  deleteVideo: {
    method: 'DELETE',
    path: '/api/videos/:id',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  analyzeVideo: {
    method: 'POST',
    path: '/api/videos/:id/analyze',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  videoStream: {
    method: 'GET',
    path: '/api/videos/stream/:key',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  myFaceReferences: {
    method: 'GET',
    path: '/api/user/face-references',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  addMyFaceReference: {
    method: 'POST',
    path: '/api/user/face-references',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
    upload: { fileField: 'photo' },
  },
  deleteMyFaceReference: {
    method: 'DELETE',
    path: '/api/user/face-references/:referenceId',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  memberFaceReferences: {
    method: 'GET',
    path: '/api/team/members/:id/face-references',
    access: ['super_admin', 'admin'],
  },
  addMemberFaceReference: {
    method: 'POST',
    path: '/api/team/members/:id/face-references',
    access: ['super_admin', 'admin'],
    upload: { fileField: 'photo' },
  },
  deleteMemberFaceReference: {
    method: 'DELETE',
    path: '/api/team/members/:id/face-references/:referenceId',
    access: ['super_admin', 'admin'],
  },
  faceReferencePhoto: {
    method: 'GET',
    path: '/api/face-references/:referenceId/photo',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  reviewFace: {
    method: 'POST',
    path: '/api/videos/:id/faces/:faceId/review',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  unknownPeople: {
    method: 'GET',
    path: '/api/unknown-people',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  unknownPerson: {
    method: 'GET',
    path: '/api/unknown-people/:id',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  nameUnknownPerson: {
    method: 'POST',
    path: '/api/unknown-people/:id/name',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  unknownFaceThumbnail: {
    method: 'GET',
    path: '/api/unknown-faces/:faceId/thumbnail',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  integrations: { method: 'GET', path: '/api/admin/integrations', access: ['super_admin'] },
  createIntegration: { method: 'POST', path: '/api/admin/integrations', access: ['super_admin'] },
  testIntegration: {
    method: 'POST',
    path: '/api/admin/integrations/:id/test',
    access: ['super_admin'],
  },
  integrationCameras: {
    method: 'GET',
    path: '/api/admin/integrations/:id/cameras',
    access: ['super_admin'],
  },
  cameraAssignments: {
    method: 'GET',
    path: '/api/admin/camera-assignments',
    access: ['super_admin'],
  },
  createCameraAssignment: {
    method: 'POST',
    path: '/api/admin/camera-assignments',
    access: ['super_admin'],
  },
  deleteCameraAssignment: {
    method: 'DELETE',
    path: '/api/admin/camera-assignments/:id',
    access: ['super_admin'],
  },
  updateCameraAssignmentSchedule: {
    method: 'PUT',
    path: '/api/admin/camera-assignments/:id/schedule',
    access: ['super_admin'],
  },
  updateCameraAssignmentSops: {
    method: 'PUT',
    path: '/api/admin/camera-assignments/:id/sops',
    access: ['super_admin'],
  },
  organizationSops: {
    method: 'GET',
    path: '/api/admin/organizations/:id/sops',
    access: ['super_admin'],
  },
  floorStats: {
    method: 'GET',
    path: '/api/stats/floor',
    access: ['super_admin', 'admin', 'training_supervisor'],
  },
  floorLayout: {
    method: 'GET',
    path: '/api/floor/layout',
    access: ['super_admin', 'admin', 'training_supervisor'],
  },
  createArea: { method: 'POST', path: '/api/floor/areas', access: ['super_admin', 'admin'] },
  updateArea: { method: 'PUT', path: '/api/floor/areas/:id', access: ['super_admin', 'admin'] },
  deleteArea: { method: 'DELETE', path: '/api/floor/areas/:id', access: ['super_admin', 'admin'] },
  createStation: {
    method: 'POST',
    path: '/api/floor/areas/:id/stations',
    access: ['super_admin', 'admin'],
  },
  updateStation: {
    method: 'PUT',
    path: '/api/floor/stations/:id',
    access: ['super_admin', 'admin'],
  },
  deleteStation: {
    method: 'DELETE',
    path: '/api/floor/stations/:id',
    access: ['super_admin', 'admin'],
  },
  updateFloorCamera: {
    method: 'PUT',
    path: '/api/floor/cameras/:id',
    access: ['super_admin', 'admin'],
  },
  updateFloorPrivacy: {
    method: 'PUT',
    path: '/api/floor/privacy',
    access: ['super_admin', 'admin'],
  },
  createSensorToken: {
    method: 'POST',
    path: '/api/floor/sensor-token',
    access: ['super_admin', 'admin'],
  },
  sensorReading: { method: 'POST', path: '/api/floor/sensor-readings', access: 'public' },
  certifications: {
    method: 'GET',
    path: '/api/certifications',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  certificatePdf: {
    method: 'GET',
    path: '/api/certifications/:id/certificate.pdf',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  verifyCertification: {
    method: 'GET',
    path: '/api/certifications/verify/:code',
    access: 'public',
  },
  revokeCertification: {
    method: 'POST',
    path: '/api/certifications/:id/revoke',
    access: ['super_admin', 'admin'],
  },
  certificationSettings: {
    method: 'GET',
    path: '/api/certifications/settings',
    access: ['super_admin', 'admin', 'training_supervisor'],
  },
  saveCertificationSettings: {
    method: 'PUT',
    path: '/api/certifications/settings',
    access: ['super_admin', 'admin', 'training_supervisor'],
  },
  saveSopValidity: {
    method: 'PUT',
    path: '/api/certifications/settings/sops/:id',
    access: ['super_admin', 'admin', 'training_supervisor'],
  },
  teamStats: {
    method: 'GET',
    path: '/api/stats/team',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  teamMember: {
    method: 'GET',
    path: '/api/team/members/:id',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  insightsStats: {
    method: 'GET',
    path: '/api/stats/insights',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  observationHistoryCsv: {
    method: 'GET',
    path: '/api/reports/observations.csv',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  insightsObservations: {
    method: 'GET',
    path: '/api/insights/observations',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  insightsCertifications: {
    method: 'GET',
    path: '/api/insights/certifications',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  insightsProgress: {
    method: 'GET',
    path: '/api/insights/progress',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  recommendations: {
    method: 'GET',
    path: '/api/recommendations',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  evaluateRecommendations: {
    method: 'POST',
    path: '/api/recommendations/evaluate',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  dismissRecommendation: {
    method: 'POST',
    path: '/api/recommendations/:id/dismiss',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  implementRecommendation: {
    method: 'POST',
    path: '/api/recommendations/:id/implement',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  jobFunctions: {
    method: 'GET',
    path: '/api/job-functions',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager'],
  },
  createJobFunction: {
    method: 'POST',
    path: '/api/job-functions',
    access: ['super_admin', 'admin'],
  },
  updateJobFunction: {
    method: 'PUT',
    path: '/api/job-functions/:id',
    access: ['super_admin', 'admin'],
  },
  deleteJobFunction: {
    method: 'DELETE',
    path: '/api/job-functions/:id',
    access: ['super_admin', 'admin'],
  },
  setJobFunctionMembers: {
    method: 'PUT',
    path: '/api/job-functions/:id/members',
    access: ['super_admin', 'admin'],
  },
  skillsMatrix: {
    method: 'GET',
    path: '/api/insights/skills-matrix',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  skillsMatrixCsv: {
    method: 'GET',
    path: '/api/insights/skills-matrix.csv',
    access: ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'],
  },
  scimTokens: { method: 'GET', path: '/api/scim-tokens', access: ['admin'] },
  createScimToken: { method: 'POST', path: '/api/scim-tokens', access: ['admin'] },
  revokeScimToken: { method: 'DELETE', path: '/api/scim-tokens/:id', access: ['admin'] },
  previewPeopleImport: {
    method: 'POST',
    path: '/api/people-imports/preview',
    access: ['super_admin', 'admin'],
    upload: { fileField: 'file' },
  },
  applyPeopleImport: {
    method: 'POST',
    path: '/api/people-imports',
    access: ['super_admin', 'admin'],
  },
  peopleImport: {
    method: 'GET',
    path: '/api/people-imports/:id',
    access: ['super_admin', 'admin'],
  },
  peopleImportRejectedCsv: {
    method: 'GET',
    path: '/api/people-imports/:id/rejected.csv',
    access: ['super_admin', 'admin'],
  },
  apiTokens: { method: 'GET', path: '/api/api-tokens', access: ['admin'] },
  createApiToken: { method: 'POST', path: '/api/api-tokens', access: ['admin'] },
  revokeApiToken: { method: 'DELETE', path: '/api/api-tokens/:id', access: ['admin'] },
  webhooks: { method: 'GET', path: '/api/webhooks', access: ['admin'] },
  createWebhook: { method: 'POST', path: '/api/webhooks', access: ['admin'] },
  deleteWebhook: { method: 'DELETE', path: '/api/webhooks/:id', access: ['admin'] },
  rotateWebhookSecret: {
    method: 'POST',
    path: '/api/webhooks/:id/rotate-secret',
    access: ['admin'],
  },
  enableWebhook: { method: 'POST', path: '/api/webhooks/:id/enable', access: ['admin'] },
  testWebhook: { method: 'POST', path: '/api/webhooks/:id/test', access: ['admin'] },
  webhookDeliveries: { method: 'GET', path: '/api/webhooks/:id/deliveries', access: ['admin'] },
  replayWebhookDelivery: {
    method: 'POST',
    path: '/api/webhooks/:id/deliveries/:deliveryId/replay',
    access: ['admin'],
  },
};
