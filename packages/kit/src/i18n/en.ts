import {
  FAILURE_REASONS,
  type FailureReasonCode,
  PEOPLE_IMPORT_REASONS,
  type PeopleImportReasonCode,
} from '@hub/proto';
import { endingSentence } from './sentence.js';

/**
 * What the services write for a person, in English: the reference catalog. `es.ts` and `fr.ts`
 * are typed `ServerCatalog`, so a text missing there (or a parameter named differently) fails
 * the type-check. Texts with parameters are functions: the parameters are typed too.
 */
export const en = {
  invitation: {
    subject: (p: { organization: string }) => `You're invited to ${p.organization}`,
    greeting: (p: { name: string }) => `Hello ${p.name},`,
    invited: (p: { organization: string }) =>
      `You have been invited to ${endingSentence(p.organization)} Set your password to activate your account.`,
    photo:
      'You will also be asked for a profile photo: it is used to recognise you in performance videos.',
    button: 'Set up your account',
    orOpen: 'Or open this address:',
    expires: (p: { until: string }) => `This link works once and expires on ${p.until}.`,
    yourOrganization: 'your organization',
    /** An organization that signs in through its identity provider: no password of ours. */
    invitedSso: (p: { organization: string }) =>
      `You have been invited to ${endingSentence(p.organization)} Your organization signs in with single sign-on: sign in with your organization account to activate yours.`,
    ssoButton: 'Sign in with single sign-on',
  },
  emailChange: {
    subject: 'Confirm your new email address',
    greeting: (p: { name: string }) => `Hello ${p.name},`,
    open: 'Open this link to use this address for your Frontline Hub account:',
    expires: (p: { hours: number }) =>
      `It works once, for ${p.hours} hours. If you did not ask for this, ignore this mail.`,
  },
  webhookDisabled: {
    subject: 'A webhook endpoint was disabled',
    disabled: (p: { url: string; hours: number }) =>
      `The webhook endpoint ${p.url} was disabled: every delivery failed for ${p.hours} hours.`,
    kept: 'Its deliveries stay in the log. Once the endpoint answers again, enable it and replay what it missed in',
    where: 'Settings > Webhooks',
  },
  certificate: {
    title: 'Certificate of Competence',
    certifies: 'This certifies that',
    passedSop: 'has passed an observation of the SOP',
    completedCourse: 'has completed the course',
    issued: (p: { date: string }) => `Issued ${p.date}`,
    validUntil: (p: { date: string }) => `Valid until ${p.date}`,
    status: (p: { state: string }) => `Status when printed: ${p.state}`,
    code: (p: { code: string }) => `Verification code: ${p.code}`,
    verifyAt: (p: { url: string }) => `Verify at ${p.url}`,
    documentTitle: 'Certificate',
    states: {
      active: 'Active',
      expiring_soon: 'Expiring soon',
      expired: 'Expired',
      revoked: 'Revoked',
    },
  },
  notifications: {
    userInvited: (p: { name: string; email: string; organization: string; role: string }) => ({
      title: 'User invited',
      message: `${p.name} (${p.email}) was invited to ${p.organization} as ${p.role}.`,
    }),
    invitationAccepted: (p: { name: string; email: string }) => ({
      title: 'Invitation accepted',
      message: `${p.name} (${p.email}) completed their account setup.`,
    }),
    documentProcessed: (p: { title: string; pages: number; images: number; ocrPages: number }) => ({
      title: 'Document processed',
      message: `"${p.title}" was processed: ${p.pages} page(s), ${p.images} image(s)${p.ocrPages ? `, ${p.ocrPages} page(s) read by OCR` : ''}.`,
    }),
    documentFailed: (p: { title: string; reason: string }) => ({
      title: 'Document processing failed',
      message: `"${p.title}" could not be processed: ${p.reason}`,
    }),
    evaluationGenerated: (p: { title: string; questions: number }) => ({
      title: 'Evaluation generated',
      message: `A draft evaluation with ${p.questions} question(s) is ready for review on "${p.title}".`,
    }),
    evaluationFailed: (p: { title: string; reason: string }) => ({
      title: 'Evaluation generation failed',
      message: `No evaluation could be generated for "${p.title}": ${p.reason}`,
    }),
    acknowledgementRequested: (p: {
      title: string;
      version: number;
      safetyRelevant: boolean;
      path: string;
    }) => ({
      title: 'New SOP version to acknowledge',
      message: `"${p.title}" changed (version ${p.version}).${p.safetyRelevant ? ' It changes a safety-relevant section: your certification needs re-observation until you pass an observation again.' : ''} Review the changes and acknowledge them: ${p.path}`,
    }),
    observationCompleted: (p: {
      operator: string;
      evaluation: string;
      passed: boolean;
      /** In the reader's digits ('66,7' in French), as writeNotification writes it. */
      score: string;
      passMark: number;
      observer: string;
    }) => ({
      title: 'Observation completed',
      message: `${p.operator} ${p.passed ? 'passed' : 'did not pass'} "${p.evaluation}" with ${p.score}% (pass mark ${p.passMark}%), observed by ${p.observer}.`,
    }),
    certificationExpiring: (p: { holder: string; title: string; until: string; days: number }) => ({
      title: 'Certification expiring soon',
      message: `${p.holder}'s certification "${p.title}" expires on ${p.until} (in ${p.days} day${p.days === 1 ? '' : 's'}). A new pass renews it.`,
    }),
    certificationExpired: (p: { holder: string; title: string; until: string }) => ({
      title: 'Certification expired',
      message: `${p.holder}'s certification "${p.title}" expired on ${p.until}. A new pass renews it.`,
    }),
    /** A training supervisor's summary of a sweep day (one notice, not one per certification). */
    certificationDigest: (p: { expiringSoon: number; expired: number; path: string }) => ({
      title: 'Certifications due for renewal',
      message: `Since the last summary, ${p.expiringSoon} certification${p.expiringSoon === 1 ? '' : 's'} of your organization became due to expire soon and ${p.expired} expired. A new pass renews each one. See them: ${p.path}`,
    }),
    videoUnreadable: (p: { title: string; reason: string }) => ({
      title: 'Video could not be read',
      message: `"${p.title}": ${p.reason}`,
    }),
    /** `names`: those identified, listed the language's way ('' when nobody was). */
    videoAnalysed: (p: { title: string; detected: number; identified: number; names: string }) => ({
      title: 'Video analysed',
      message:
        p.detected === 0
          ? `"${p.title}": No people seen.`
          : `"${p.title}": ${p.detected} operator(s) detected, ${p.identified} identified${p.names ? ` (${p.names})` : ''}.`,
    }),
    videoFailed: (p: { title: string; reason: string }) => ({
      title: 'Video analysis failed',
      message: `"${p.title}": ${p.reason}`,
    }),
    pictureRejected: (p: { reason: string }) => ({
      title: 'Profile picture not usable for identification',
      message: p.reason,
    }),
  },
  roles: {
    super_admin: 'super admin',
    admin: 'admin',
    training_supervisor: 'training supervisor',
    manager: 'manager',
    operator: 'operator',
  },
  /** The rejected rows of a people import (CSV): English is proto's sentences themselves. */
  peopleImport: {
    columns: { row: 'Row', email: 'Email', reason: 'Reason' },
    reasons: PEOPLE_IMPORT_REASONS as Record<PeopleImportReasonCode, string>,
  },
  /**
   * The observation history CSV. In English its cells keep the values API clients and
   * spreadsheets have always read ('completed', 'true'); the other languages word them.
   */
  observationHistory: {
    columns: {
      observation: 'Observation',
      started: 'Started',
      completed: 'Completed',
      status: 'Status',
      sop: 'SOP',
      document: 'Document',
      operator: 'Operator',
      observer: 'Observer',
      questions: 'Questions',
      answered: 'Answered',
      correct: 'Correct',
      score: 'Score %',
      passed: 'Passed',
      passMark: 'Pass mark %',
      duration: 'Duration (s)',
      findings: 'Findings',
      openFindings: 'Open findings',
    },
    statuses: { in_progress: 'in_progress', completed: 'completed' },
    passed: { yes: 'true', no: 'false' },
  },
  skillsMatrix: {
    columns: {
      name: 'Name',
      email: 'Email',
      role: 'Role',
      department: 'Department',
      jobFunctions: 'Job functions',
      gaps: 'Gaps',
    },
    gapsPerSop: 'Gaps per SOP',
    levels: {
      not_trained: 'Not trained',
      in_training: 'In training',
      certified: 'Certified',
      expiring: 'Expiring',
      expired: 'Expired',
      needs_reobservation: 'Needs re-observation',
    },
    /** In English the values API clients have always read: the role's code, Team's departments. */
    roles: {
      super_admin: 'super_admin',
      admin: 'admin',
      training_supervisor: 'training_supervisor',
      manager: 'manager',
      operator: 'operator',
    },
    departments: {
      super_admin: 'Administration',
      admin: 'Administration',
      training_supervisor: 'Training Supervisors',
      manager: 'Managers',
      operator: 'Operators',
    },
  },
  /**
   * Why a worker could not process a file, `{name}` for the parts it filled in: in English the
   * sentences the workers write (proto's table), so a stored reason reads as written.
   */
  failureReasons: FAILURE_REASONS as Record<FailureReasonCode, string>,
};

/** The shape every language's catalog has: the English one's. */
export type ServerCatalog = typeof en;
