/** Sign-in's messages and the public pages it links to (web/src/auth). */
export const auth = {
  toasts: {
    loggedOutTitle: 'Logged Out',
    loggedOutDescription: 'You have been successfully logged out.',
    validationTitle: 'Validation Error',
    validationDescription: 'Please enter both email and password.',
    loginFailedTitle: 'Login Failed',
    loginFailedDescription: 'Invalid email or password. Please try again.',
    loginErrorDescription: 'An error occurred during login. Please try again.',
    loginSucceededTitle: 'Login Successful',
    loginSucceededDescription: 'Welcome back, {{name}}!',
    ssoTitle: 'SSO Error',
    ssoFailed: 'Failed to initiate SSO login.',
    ssoInvalidOrganization: 'Invalid organization identifier. Please contact your administrator.',
    ssoNotConfigured: 'Auth0 configuration required for SAML. Please contact your administrator.',
    authenticationTitle: 'Authentication Error',
    callbackFailed: 'There was an error processing your login. Please try again.',
    signInCallbackFailed: 'Failed to process authentication. Please try again.',
    passwordResetTitle: 'Password Reset',
    passwordResetDescription: 'Please contact your administrator to reset your password.',
    signUpTitle: 'Contact Administrator',
    signUpDescription: 'Please contact your organization administrator to create an account.',
  },
  invitation: {
    invalidLinkTitle: 'Invalid Link',
    invalidLinkDescription: 'This password setup link is invalid or incomplete.',
    ssoSignInTitle: 'Sign In with Single Sign-On',
    expiredLinkTitle: 'Invalid or Expired Link',
    expiredLinkDescription: 'This password setup link is invalid or has expired.',
    errorTitle: 'Error',
    verifyFailed: 'Failed to verify invitation. Please try again.',
    invalidPasswordTitle: 'Invalid Password',
    invalidPasswordDescription: 'Please make sure your password meets all the requirements.',
    mismatchTitle: "Passwords Don't Match",
    mismatchDescription: 'Please make sure both passwords are the same.',
    photoRequiredTitle: 'Profile Picture Required',
    photoRequiredDescription: 'Please upload a profile picture to complete your account setup.',
    setupFailedTitle: 'Setup Failed',
    passwordFailed: 'Failed to set password. Please try again.',
    passwordException: 'An error occurred while setting your password. Please try again.',
    profileFailed: 'Failed to complete account setup. Please try again.',
    profileException: 'An error occurred while setting up your account. Please try again.',
  },
  /** An SSO sign-in the server refused, keyed by proto's SAML_ERROR_MESSAGES codes. */
  samlErrors: {
    saml_invalid: 'There was an error processing your login. Please try again.',
    saml_expired: 'Your sign-in took too long or was already used. Please try again.',
    saml_no_account:
      'No active account for this email in your organization. Please contact your administrator.',
    saml_wrong_organization:
      'This email does not belong to the organization of your identity provider. Please contact your administrator.',
    saml_not_configured:
      'Single sign-on is not configured for this organization. Please contact your administrator.',
    saml_super_admin:
      'A super administrator cannot sign in with single sign-on. Please sign in with your email and password.',
  },
  /** The live password checklist, keyed by proto's PASSWORD_RULES ids. */
  passwordRules: {
    length: 'At least {{min}} characters',
    upper: 'One uppercase letter',
    lower: 'One lowercase letter',
    digit: 'One number',
    special: 'One special character ({{characters}})',
  },
  backToSignIn: 'Back to sign in',
  privacy: {
    title: 'Privacy Policy',
    intro:
      'Frontline Hub is run for your organization, which decides who has an account and what is recorded. This page says what the product keeps about you and why.',
    keptTitle: 'What is kept',
    account: 'Your account: name, email address, role, organization, sign-in times.',
    photo:
      'Your profile picture. It is also used to recognise you in performance videos your organization uploads for analysis against its procedures.',
    training:
      'Training records: observations of your work, their answers and notes, course progress, certifications, acknowledgements of procedures.',
    presence: 'Camera presence records on the floor, kept for the period your organization sets.',
    log: 'A log of security-relevant actions (sign-ins, account and permission changes).',
    whoTitle: 'Who sees it',
    who: "People of your organization, according to their role (an operator sees their own records; supervisors, managers and administrators see their organization's), and the platform administrator who runs the service. Nothing is sold or shared for advertising.",
    choicesTitle: 'Your choices',
    choices:
      "You can change your name, email address, password and notification preferences on your profile. To correct or remove other records, ask your organization's administrator.",
  },
  terms: {
    title: 'Terms of Service',
    intro:
      "Frontline Hub is provided to your organization for training and supervising its workforce against its standard operating procedures. By signing in you agree to use it for that purpose, under your organization's own rules.",
    accountTitle: 'Your account',
    account:
      "Your account is personal: keep your password to yourself and sign out on shared devices. Accounts are created, re-invited and removed by your organization's administrator.",
    contentTitle: 'Content',
    content:
      'Documents, videos and records belong to your organization. Upload only material your organization is entitled to use; the product processes it (text extraction, evaluations, video analysis) only to provide the service.',
    availabilityTitle: 'Availability',
    availability:
      "The service is provided as your organization's agreement describes. Questions about these terms go to your organization's administrator.",
  },
  support: {
    title: 'Support',
    cannotSignInTitle: 'Cannot sign in?',
    cannotSignIn:
      'There is no self-service password reset: your administrator resets passwords and resends invitations. If your organization signs in with single sign-on (SSO SAML), use the same account as for your other work tools; problems with it go to your IT department.',
    administratorTitle: 'Contact your administrator',
    administrator:
      'Each organization has administrators who create accounts, set roles and resend invitation links. Ask your supervisor or manager who they are.',
    writeToAdministrator: 'You can also write to <mail>{{email}}</mail>.',
    administratorSubject: 'Account access',
    brokenTitle: 'Something does not work',
    writeToSupport:
      'Write to <mail>{{email}}</mail> with what you did, what you expected and what you saw.',
    supportSubject: 'Support request',
    tellAdministrator:
      'Tell your administrator what you did, what you expected and what you saw; they can reach the platform administrator.',
  },
} as const;
