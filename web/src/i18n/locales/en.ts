import { ROLE_NAMES } from '@hub/proto';
import { format } from './en/format';
import { ui } from './en/ui';
import { mySops } from './en/mySops';
import { certifications } from './en/certifications';
import { evaluations } from './en/evaluations';
import { insights } from './en/insights';
import { skills } from './en/skills';
import { training } from './en/training';
import { library } from './en/library';
import { toast } from './en/toast';
import { pages } from './en/pages';
import { access } from './en/access';
import { organizationExport } from './en/organization-export';
import { observations } from './en/observations';
import { admin } from './en/admin';
import { audit } from './en/audit';
import { faces } from './en/faces';
import { onboarding } from './en/onboarding';
import { team } from './en/team';
import { activity } from './en/activity';
import { profile } from './en/profile';
import { recommendations } from './en/recommendations';
import { peopleImport } from './en/people-import';
import { unknownPeople } from './en/unknown-people';
import { floor } from './en/floor';
import { integrations } from './en/integrations';
import { videos } from './en/videos';
import { errors } from './en/errors';
import { validation } from './en/validation';
import { recommendationTexts } from './en/recommendation-texts';
import { onboardingSteps } from './en/onboarding-steps';
import { failureReasons } from './en/failure-reasons';
import { suggestions } from './en/suggestions';
import { requestErrors } from './en/request-errors';
import { tokens } from './en/tokens';
import { auth } from './en/auth';

/**
 * The English catalog: the reference every other language must match key for key (see
 * catalog.test.ts) and the source of the key types (i18next.d.ts), so a t() call with a key
 * missing here fails the type check. Plurals use i18next's CLDR suffixes (_one, _other, and
 * _many, which Spanish and French use from a million up, English never), resolved through
 * Intl.PluralRules; every catalog carries all three so the catalogs keep one shape.
 */
export const en = {
  common: {
    loading: 'Loading...',
    tryAgain: 'Try again',
    saving: 'Saving...',
    notAvailable: 'Not available',
    /** An upload whose request never completed (the network dropped, or it was stopped). */
    uploadIncomplete: 'The upload did not complete.',
    uploadCancelled: 'The upload was cancelled.',
  },
  /** Declared in proto: a people import reads a role cell by these names too. */
  roles: ROLE_NAMES.en,
  theme: { light: 'Light', dark: 'Dark', system: 'System' },
  signIn: {
    signingIn: 'Signing in...',
    startingSso: 'Initializing SAML SSO...',
    title: 'Welcome back',
    subtitle: 'Sign in to your organization account',
    formLabel: 'Sign in',
    organization: 'Organization',
    chooseOrganization: 'Select your organization',
    email: 'Email',
    emailPlaceholder: 'you@company.com',
    samlAvailable: 'SAML Available',
    password: 'Password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    rememberMe: 'Remember me',
    forgotPassword: 'Forgot password?',
    submit: 'Sign in',
    orContinueWith: 'Or continue with',
    sso: 'SSO SAML',
    noAccount: "Don't have an account?",
    signUp: 'Sign up',
    needAccess: 'Need access?',
    contactAdministrator: 'Contact your administrator',
    authenticating: 'Authenticating...',
    completingLogin: 'Please wait while we complete your login.',
  },
  invitation: {
    verifyFailed: 'Failed to verify invitation. Please try again.',
    invalidLink:
      'This password setup link is invalid or has expired. Taking you to the sign-in page...',
    verifying: 'Verifying...',
    setupTitle: 'Set Up Your Password',
    setupGreeting:
      'Welcome, {{name}}! Choose a password for your {{organization}} account ({{email}}).',
    needsPhoto: 'Your account needs a profile picture first.',
    completeAccountLink: 'Complete your account',
    passwordSetTitle: 'Password Set Successfully',
    passwordSetDescription: 'You can now sign in with your new password.',
    settingPassword: 'Setting password...',
    setPassword: 'Set Password',
    completeTitle: 'Complete Your Account',
    completeGreeting:
      'Welcome, {{name}}! Add your photo and choose a password for your {{organization}} account ({{email}}).',
    setupCompleteTitle: 'Account Setup Complete!',
    setupCompleteDescription: 'Your photo and password are saved. You can now sign in.',
    settingUp: 'Setting up...',
    completeSetup: 'Complete Account Setup',
    password: 'Password',
    confirmPassword: 'Confirm Password',
    requirements: 'Password requirements',
    passwordsMatch: 'Passwords match',
    passwordsDiffer: 'Passwords do not match',
    invalidFile: 'Invalid File',
    photoAlt: 'Your profile photo',
    choosePhoto: 'Upload profile photo',
    chooseAnotherPhoto: 'Choose another photo',
    photoLabel: 'Profile photo',
    photoHint:
      'Required. A clear, front-facing photo of your face (JPEG or PNG, up to 5MB); it is used to recognise you in performance videos.',
  },
  shell: {
    unreachable: 'The server could not be reached.',
    pageLoading: 'Loading page...',
    toggleSidebar: 'Toggle sidebar',
    menu: 'Menu',
    hideMenu: 'Hide menu',
    showMenu: 'Show menu',
    organizationHub: '{{organization}} Hub',
    mainNavigation: 'Main',
    offline: 'Offline ({{name}}): only the SOPs you opened on this device can be read.',
    openUserMenu: 'Open user menu',
    profile: 'Your profile',
    activity: 'Activity & notifications',
    integrations: 'Integrations',
    theme: 'Theme',
    selected: 'selected',
    logout: 'Logout',
  },
  /** Keyed by the entry's English label (navigation.ts), which is also its identity in tests. */
  nav: {
    'Admin Dashboard': 'Admin Dashboard',
    Hub: 'Hub',
    Operations: 'Operations',
    Insights: 'Insights',
    Certifications: 'Certifications',
    'Job Functions': 'Job Functions',
    Observations: 'Observations',
    'Skills Matrix': 'Skills Matrix',
    Progress: 'Progress',
    'Team Overview': 'Team Overview',
    Library: 'Library',
    Documents: 'Documents',
    Videos: 'Videos',
    Training: 'Training',
    Equipment: 'Equipment',
    'Floor View': 'Floor View',
  },
  settings: {
    title: 'Settings',
    subtitle: 'Your profile, notifications, security and preferences',
    notifications: {
      title: 'Notifications',
      loadFailed: 'The preferences could not be loaded: {{message}}',
      email: 'Email',
      emailDescription: 'Each new notification is also mailed to you.',
      inApp: 'In-app',
      inAppDescription: 'Notifications appear in the app while you are signed in.',
      weekly: 'Weekly report',
      weeklyDescription: 'A summary of your activity each week.',
      browserPush: 'Browser push notifications',
      sms: 'SMS',
      savedTitle: 'Settings Updated',
      savedDescription: 'Your notification preferences have been saved.',
      failedTitle: 'Update Failed',
      failedDescription: 'Failed to update notification settings.',
    },
    security: {
      title: 'Security',
      endOthers: 'Sign out all other sessions',
      endOthersTitle: 'Sign out all other sessions?',
      endOthersDescription_one: 'Your {{count}} other session will have to sign in again.',
      endOthersDescription_many: 'Your {{count}} other sessions will have to sign in again.',
      endOthersDescription_other: 'Your {{count}} other sessions will have to sign in again.',
      signOut: 'Sign out',
      loadFailed: 'Your sessions could not be loaded: {{message}}',
      passwordChanged: 'Password last changed: {{when}}',
      notRecorded: 'not recorded',
      activeSessions: 'Active sessions',
      thisDevice: 'This device',
      device: '{{browser}} on {{system}}',
      deviceWithoutSystem: '{{browser}}',
      unknownDevice: 'Unknown device',
      unknownBrowser: 'Browser',
      unknownAddress: 'Unknown address',
      sessionTimes: '{{address}} · Signed in {{signedIn}} · Last seen',
      updatedTitle: 'Sessions Updated',
      failedTitle: 'Sign Out Failed',
      failedDescription: 'The session could not be signed out.',
    },
    preferences: {
      title: 'Preferences',
      language: 'Language',
      languageAutomatic: 'Automatic ({{language}})',
      languageAutomaticHint:
        "Automatic follows your organization's default language, else your browser's.",
      timeZone: 'Time zone',
      deviceTimeZone: "This device's time zone",
      dateFormat: 'Date format',
      dateFormatAutomatic: 'Automatic (from the language)',
      theme: 'Theme',
      save: 'Save preferences',
      savedTitle: 'Preferences Saved',
      savedDescription: 'Language, dates and theme follow your choices.',
      failedTitle: 'Save Failed',
      failedDescription: 'Your preferences could not be saved.',
    },
    organization: {
      title: 'Organization',
      description:
        'Members who have not chosen a language read the app, their mails and their certificates in this one. Mails, notices and certificates are dated in the time zone below for members whose own zone is not known, such as someone invited.',
      language: 'Default language',
      browserLanguage: "Each member's browser language",
      timeZone: 'Default time zone',
      noTimeZone: 'None (UTC)',
      save: 'Save',
      savedTitle: 'Organization Updated',
      savedDescription: 'The default language and time zone are saved.',
      failedTitle: 'Save Failed',
      failedDescription: "The organization's settings could not be saved.",
      loadFailed: "The organization's settings could not be loaded: {{message}}",
    },
    secret: {
      copy: 'Copy',
      done: 'Done',
      copiedTitle: 'Copied',
      copiedDescription: 'The secret is on your clipboard.',
      notCopiedTitle: 'Not Copied',
      notCopiedDescription: 'Please select the secret and copy it.',
    },
    webhooks: {
      title: 'Webhooks',
      intro:
        'Tell your other systems when something happens: each event is POSTed to your https:// address, signed as the Standard Webhooks specification says, and retried for a day.',
      url: 'Endpoint address',
      urlPlaceholder: 'https://hr.example.com/hooks/frontline',
      events: 'Events',
      add: 'Add endpoint',
      secretOnce: 'Copy the signing secret now: it is shown only once.',
      rotatedSecretOnce:
        'Copy the new signing secret now: it is shown only once. The previous one keeps signing deliveries too for 24 hours.',
      loadFailed: 'The webhooks could not be loaded: {{message}}',
      none: 'No webhooks yet.',
      enabled: 'Enabled',
      failingSince: 'failing since {{when}}',
      disabled: 'Disabled: {{reason}}',
      previousSecretUntil: 'previous secret valid until {{when}}',
      deliveries: 'Deliveries',
      hideDeliveries: 'Hide deliveries',
      sendTest: 'Send test event',
      enableToSend: 'Enable the endpoint to send',
      enable: 'Enable again',
      rotate: 'Rotate secret',
      rotateTitle: 'Rotate the signing secret?',
      rotateDescription:
        'A new secret is shown once. Deliveries are signed with both secrets for 24 hours, so your receiver can switch without missing one.',
      remove: 'Remove',
      removeTitle: 'Remove this webhook?',
      removeDescription: 'Nothing more is sent to it, and its delivery log is deleted.',
      addFailedTitle: 'Webhook Not Added',
      addFailedDescription: 'The webhook could not be added.',
      testSentTitle: 'Test Event Sent',
      testFailedTitle: 'Test Not Sent',
      testFailedDescription: 'The test event could not be sent.',
      rotateFailedTitle: 'Secret Not Rotated',
      rotateFailedDescription: 'The signing secret could not be rotated.',
      enabledTitle: 'Webhook Enabled',
      enableFailedTitle: 'Not Enabled',
      enableFailedDescription: 'The webhook could not be enabled.',
      removedTitle: 'Webhook Removed',
      removeFailedTitle: 'Not Removed',
      removeFailedDescription: 'The webhook could not be removed.',
      deliveriesLoadFailed: 'The deliveries could not be loaded: {{message}}',
      noDeliveries: 'No deliveries yet.',
      noFailedDeliveries: 'No failed deliveries.',
      failedOnly: 'Failed only',
      noAnswer: 'no answer',
      answerTime: '{{ms}} ms',
      attempts: 'attempts: {{attempts}}',
      replay: 'Replay',
      replayedTitle: 'Delivery Sent Again',
      replayFailedTitle: 'Not Sent Again',
      replayFailedDescription: 'The delivery could not be sent again.',
      status: { pending: 'pending', succeeded: 'succeeded', failed: 'failed' },
      eventNames: {
        memberJoined: 'Member joined',
        memberRemoved: 'Member removed',
        documentProcessed: 'Document processed',
        evaluationPublished: 'Evaluation published',
        observationCompleted: 'Observation completed',
        certificationIssued: 'Certification issued',
        certificationExpiring: 'Certification expiring',
        certificationExpired: 'Certification expired',
        certificationRevoked: 'Certification revoked',
        videoAnalysed: 'Video analysed',
        webhookTest: 'Test event',
      },
    },
  },
  hub: {
    signedIn_one: 'Signed in · {{method}}',
    signedIn_many: 'Signed in {{count}} times · {{method}}',
    signedIn_other: 'Signed in {{count}} times · {{method}}',
    signInMethods: { password: 'Password', saml: 'SSO SAML' },
    welcome: 'Welcome to {{organization}} Hub',
    subtitle: "Here's your operational overview for today",
    statsFailed: 'The figures could not be loaded: {{message}}',
    totalUsers: 'Total Users',
    totalUsersCaption: 'Registered users in system',
    activeUsers: 'Active Users',
    activeUsersCaption: 'Currently active accounts',
    todayLogins: "Today's Logins",
    todayLoginsCaption: 'Users logged in today',
    quickActions: 'Quick Actions',
    /** Keyed by the action's English label (quickActions.ts). */
    actions: {
      'Schedule Training Session': 'Schedule Training Session',
      'Generate Reports': 'Generate Reports',
      'Review Certifications': 'Review Certifications',
    },
    recentActivity: 'Recent Activity',
    activityFailed: 'Recent activity could not be loaded.',
    noActivity: 'No recent activity to display',
    performance: 'Performance Overview',
    attendanceRate: 'Attendance Rate',
    performanceScore: 'Performance Score',
    trainingCompletion: 'Training Completion',
    monthlyGrowth: 'Monthly Growth',
    /** A work event's code and parts (proto's WorkEventText), worded here: dashboard/format.ts. */
    work: {
      observationPassed: '{{person}} passed "{{subject}}"',
      observationNotPassed: '{{person}} did not pass "{{subject}}"',
      observationDetail: 'Observation completed: {{score}}, observed by {{observer}}',
      certificationIssued: '{{person}} certified for "{{subject}}"',
      certificationIssuedDetail: 'Certification issued',
      certificationExpiring: '{{person}}\'s "{{subject}}" certification expires soon',
      certificationExpiringDetail: 'Expires {{date}}',
      documentProcessed: '"{{title}}" processed',
      documentReady: 'Document ready to read',
      documentReadyWithImages_one: 'Document ready to read, with 1 image',
      documentReadyWithImages_many: 'Document ready to read, with {{count}} images',
      documentReadyWithImages_other: 'Document ready to read, with {{count}} images',
      videoAnalysed: '"{{title}}" analysed',
      videoIdentified_one: '{{identified}} of 1 operator identified',
      videoIdentified_many: '{{identified}} of {{count}} operators identified',
      videoIdentified_other: '{{identified}} of {{count}} operators identified',
    },
  },
  format,
  ui,
  mySops,
  certifications,
  evaluations,
  insights,
  skills,
  training,
  library,
  toast,
  pages,
  access,
  organizationExport,
  observations,
  admin,
  audit,
  faces,
  onboarding,
  team,
  activity,
  profile,
  recommendations,
  peopleImport,
  unknownPeople,
  floor,
  integrations,
  videos,
  errors,
  validation,
  recommendationTexts,
  onboardingSteps,
  failureReasons,
  suggestions,
  requestErrors,
  tokens,
  auth,
} as const;

/** The shape every language's catalog has: en's keys, any text. */
export type Catalog = { [Section in keyof typeof en]: Texts<(typeof en)[Section]> };
type Texts<T> = { [Key in keyof T]: T[Key] extends string ? string : Texts<T[Key]> };
