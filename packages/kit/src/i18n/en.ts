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
      `You have been invited to ${p.organization}. Set your password to activate your account.`,
    photo:
      'You will also be asked for a profile photo: it is used to recognise you in performance videos.',
    button: 'Set up your account',
    orOpen: 'Or open this address:',
    expires: (p: { until: string }) => `This link works once and expires on ${p.until}.`,
    yourOrganization: 'your organization',
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
  },
  roles: {
    super_admin: 'super admin',
    admin: 'admin',
    training_supervisor: 'training supervisor',
    manager: 'manager',
    operator: 'operator',
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
  },
};

/** The shape every language's catalog has: the English one's. */
export type ServerCatalog = typeof en;
