import { FAILURE_REASONS_FR, PEOPLE_IMPORT_REASONS_FR } from '@hub/proto';
import type { ServerCatalog } from './en.js';
import { counted } from './plural.js';
import { endingSentence } from './sentence.js';

const count = counted('fr');
/** "de Franck", "d’Otto": French elides before a vowel. */
const of = (name: string) => (/^[aeiouyàâäéèêëîïôöùûü]/i.test(name) ? `d’${name}` : `de ${name}`);

/** The roles' names, in the notices and in the skills matrix CSV alike. */
const roles = {
  super_admin: 'super-administrateur',
  admin: 'administrateur',
  training_supervisor: 'responsable formation',
  manager: 'manager',
  operator: 'opérateur',
};

/** French for the plant floor: vous, short and direct, as the web app's catalog. */
export const fr: ServerCatalog = {
  invitation: {
    subject: (p) => `Invitation à rejoindre ${p.organization}`,
    greeting: (p) => `Bonjour ${p.name},`,
    invited: (p) =>
      `Vous êtes invité à rejoindre ${endingSentence(p.organization)} Choisissez votre mot de passe pour activer votre compte.`,
    photo:
      'Une photo de profil vous sera aussi demandée : elle sert à vous reconnaître dans les vidéos de performance.',
    button: 'Activer mon compte',
    orOpen: 'Ou ouvrez cette adresse :',
    expires: (p) => `Ce lien ne fonctionne qu’une fois et expire le ${p.until}.`,
    yourOrganization: 'votre organisation',
    invitedSso: (p) =>
      `Vous êtes invité à rejoindre ${endingSentence(p.organization)} Votre organisation utilise l’authentification unique : connectez-vous avec le compte de votre organisation pour activer le vôtre.`,
    ssoButton: 'Se connecter avec l’authentification unique',
  },
  emailChange: {
    subject: 'Confirmez votre nouvelle adresse e-mail',
    greeting: (p) => `Bonjour ${p.name},`,
    open: 'Ouvrez ce lien pour utiliser cette adresse avec votre compte Frontline Hub :',
    expires: (p) =>
      `Il ne fonctionne qu’une fois, pendant ${p.hours} heures. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.`,
  },
  webhookDisabled: {
    subject: 'Un point de terminaison de webhook a été désactivé',
    disabled: (p) =>
      `Le point de terminaison de webhook ${p.url} a été désactivé : toutes les livraisons ont échoué pendant ${p.hours} heures.`,
    kept: 'Ses livraisons restent dans le journal. Dès qu’il répond de nouveau, réactivez-le et renvoyez ce qu’il a manqué dans',
    where: 'Paramètres > Webhooks',
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
    documentProcessed: (p) => ({
      title: 'Document traité',
      message: `« ${p.title} » a été traité : ${count(p.pages, 'page', 'pages')}, ${count(p.images, 'image', 'images')}${p.ocrPages ? `, ${count(p.ocrPages, 'page lue', 'pages lues')} par OCR` : ''}.`,
    }),
    documentFailed: (p) => ({
      title: 'Échec du traitement du document',
      message: `« ${p.title} » n’a pas pu être traité : ${p.reason}`,
    }),
    evaluationGenerated: (p) => ({
      title: 'Évaluation générée',
      message: `Un brouillon d’évaluation de ${count(p.questions, 'question', 'questions')} sur « ${p.title} » est prêt à être relu.`,
    }),
    evaluationFailed: (p) => ({
      title: 'Échec de la génération de l’évaluation',
      message: `Aucune évaluation n’a pu être générée pour « ${p.title} » : ${p.reason}`,
    }),
    acknowledgementRequested: (p) => ({
      title: 'Nouvelle version de SOP à lire',
      message: `« ${p.title} » a changé (version ${p.version}).${p.safetyRelevant ? ' Une section liée à la sécurité est modifiée : votre certification doit être réobservée jusqu’à ce que vous réussissiez une nouvelle observation.' : ''} Lisez les modifications et confirmez en avoir pris connaissance : ${p.path}`,
    }),
    observationCompleted: (p) => ({
      title: 'Observation terminée',
      message: `${p.operator} ${p.passed ? 'a réussi' : 'n’a pas réussi'} « ${p.evaluation} » avec ${p.score} % (seuil de réussite : ${p.passMark} %). Observation réalisée par ${p.observer}.`,
    }),
    certificationExpiring: (p) => ({
      title: 'Certification bientôt expirée',
      message: `La certification « ${p.title} » ${of(p.holder)} expire le ${p.until} (dans ${count(p.days, 'jour', 'jours')}). Une nouvelle réussite la renouvelle.`,
    }),
    certificationExpired: (p) => ({
      title: 'Certification expirée',
      message: `La certification « ${p.title} » ${of(p.holder)} a expiré le ${p.until}. Une nouvelle réussite la renouvelle.`,
    }),
    certificationDigest: (p) => ({
      title: 'Certifications à renouveler',
      message: `Depuis le dernier récapitulatif, ${count(p.expiringSoon, 'certification', 'certifications')} de votre organisation ${p.expiringSoon > 1 ? 'arrivent' : 'arrive'} bientôt à expiration et ${count(p.expired, 'a expiré', 'ont expiré')}. Une nouvelle réussite renouvelle chacune. Consultez-les : ${p.path}`,
    }),
    videoUnreadable: (p) => ({
      title: 'Vidéo illisible',
      message: `« ${p.title} » : ${p.reason}`,
    }),
    videoAnalysed: (p) => ({
      title: 'Vidéo analysée',
      message:
        p.detected === 0
          ? `« ${p.title} » : personne n’apparaît dans la vidéo.`
          : `« ${p.title} » : ${count(p.detected, 'opérateur détecté', 'opérateurs détectés')}, ${count(p.identified, 'identifié', 'identifiés')}${p.names ? ` (${p.names})` : ''}.`,
    }),
    videoFailed: (p) => ({
      title: 'Échec de l’analyse de la vidéo',
      message: `« ${p.title} » : ${p.reason}`,
    }),
    pictureRejected: (p) => ({
      title: 'Photo de profil inutilisable pour l’identification',
      message: p.reason,
    }),
  },
  roles,
  peopleImport: {
    columns: { row: 'Ligne', email: 'E-mail', reason: 'Motif' },
    /** Proto's sentences, which the web app shows too: declared once, so the two cannot drift. */
    reasons: PEOPLE_IMPORT_REASONS_FR,
  },
  observationHistory: {
    columns: {
      observation: 'Observation',
      started: 'Début',
      completed: 'Fin',
      status: 'Statut',
      sop: 'SOP',
      document: 'Document',
      operator: 'Opérateur',
      observer: 'Observateur',
      questions: 'Questions',
      answered: 'Réponses',
      correct: 'Bonnes réponses',
      score: 'Note %',
      passed: 'Réussie',
      passMark: 'Seuil de réussite %',
      duration: 'Durée (s)',
      findings: 'Constats',
      openFindings: 'Constats ouverts',
    },
    statuses: { in_progress: 'En cours', completed: 'Terminée' },
    passed: { yes: 'Oui', no: 'Non' },
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
    roles,
    departments: {
      super_admin: 'Administration',
      admin: 'Administration',
      training_supervisor: 'Superviseurs de formation',
      manager: 'Responsables',
      operator: 'Opérateurs',
    },
  },
  /** Proto's sentences, which the web app shows too: declared once, so the two cannot drift. */
  failureReasons: FAILURE_REASONS_FR,
};
