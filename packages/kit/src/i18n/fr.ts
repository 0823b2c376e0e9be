import type { ServerCatalog } from './en.js';

/** French for the plant floor: vous, short and direct, as the web app's catalog. */
export const fr: ServerCatalog = {
  invitation: {
    subject: (p) => `Invitation à rejoindre ${p.organization}`,
    greeting: (p) => `Bonjour ${p.name},`,
    invited: (p) =>
      `Vous êtes invité à rejoindre ${p.organization}. Choisissez votre mot de passe pour activer votre compte.`,
    photo:
      'Une photo de profil vous sera aussi demandée : elle sert à vous reconnaître dans les vidéos de performance.',
    button: 'Activer mon compte',
    orOpen: 'Ou ouvrez cette adresse :',
    expires: (p) => `Ce lien ne fonctionne qu’une fois et expire le ${p.until}.`,
    yourOrganization: 'votre organisation',
  },
  certificate: {
    title: 'Certificat de compétence',
    certifies: 'Nous certifions que',
    passedSop: 'a réussi une observation du mode opératoire (SOP)',
    completedCourse: 'a suivi la formation',
    issued: (p) => `Délivré le ${p.date}`,
    validUntil: (p) => `Valable jusqu’au ${p.date}`,
    status: (p) => `Statut à l’impression : ${p.state}`,
    code: (p) => `Code de vérification : ${p.code}`,
    verifyAt: (p) => `À vérifier sur ${p.url}`,
    documentTitle: 'Certificat',
    states: {
      active: 'Valide',
      expiring_soon: 'Expire bientôt',
      expired: 'Expiré',
      revoked: 'Révoqué',
    },
  },
  notifications: {
    userInvited: (p) => ({
      title: 'Personne invitée',
      message: `${p.name} (${p.email}) a été invité(e) à rejoindre ${p.organization} en tant que ${p.role}.`,
    }),
    invitationAccepted: (p) => ({
      title: 'Invitation acceptée',
      message: `${p.name} (${p.email}) a terminé la création de son compte.`,
    }),
  },
  roles: {
    super_admin: 'super-administrateur',
    admin: 'administrateur',
    training_supervisor: 'responsable formation',
    manager: 'manager',
    operator: 'opérateur',
  },
  skillsMatrix: {
    columns: {
      name: 'Nom',
      email: 'E-mail',
      role: 'Rôle',
      department: 'Service',
      jobFunctions: 'Postes',
      gaps: 'Écarts',
    },
    gapsPerSop: 'Écarts par SOP',
    levels: {
      not_trained: 'Non formé',
      in_training: 'En formation',
      certified: 'Certifié',
      expiring: 'Expire bientôt',
      expired: 'Expiré',
      needs_reobservation: 'À réobserver',
    },
  },
};
