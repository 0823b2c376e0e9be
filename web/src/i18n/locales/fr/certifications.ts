import type { certifications as english } from '../en/certifications';
import type { Texts } from '../types';

export const certifications: Texts<typeof english> = {
  title: 'Habilitations',
  subtitleStaff:
    'Les habilitations de votre organisation, délivrées après une observation réussie ou une formation terminée',
  subtitleOwn:
    'Vos habilitations, délivrées après une observation réussie ou une formation terminée',
  mySops: 'Modes opératoires de mes habilitations',
  recent: 'Habilitations récentes',
  search: 'Rechercher des habilitations',
  searchPlaceholder: 'Personnes, modes opératoires, catégories',
  stateFilter: 'État',
  allStates: 'Tous les états',
  loading: 'Chargement des habilitations...',
  loadFailed: 'Impossible de charger les habilitations',
  moreFailed: 'Impossible de charger plus d’habilitations. Réessayez.',
  emptyTitle: 'Aucune habilitation.',
  emptyHint:
    'Une habilitation est délivrée quand une personne réussit l’observation d’un mode opératoire ou termine une formation.',
  states: {
    active: 'Valide',
    expiring_soon: 'Expire bientôt',
    expired: 'Expirée',
    revoked: 'Retirée',
  },
  cards: {
    active: 'Habilitations valides',
    activeCaption: 'Valides plus de 30 jours',
    completedMonth: 'Obtenues ce mois-ci',
    completedMonthCaption: 'Délivrées ou renouvelées depuis le 1er',
    expiring: 'Expirent bientôt',
    expiringCaption: 'Dans les 30 jours',
    overdue: 'Expirées',
    overdueCaption: 'Expirées, à renouveler',
  },
  categories: 'Catégories',
  noCategories: 'Aucune habilitation pour l’instant.',
  uncategorized: 'Sans catégorie',
  row: {
    sop: 'Mode opératoire',
    course: 'Formation',
    needsReobservation: 'Nouvelle observation requise',
    issued: 'Délivrée le {{date}}',
    score: 'Score {{score}}',
    verificationCode: 'Code de vérification',
    revoked: 'Retirée : {{reason}}',
    downloadPdf: 'Télécharger le PDF',
    revoke: 'Retirer',
  },
  expires: 'Expire le {{date}}',
  expired: 'Expirée le {{date}}',
  revokedOn: 'Retirée le {{date}}',
  reobservation:
    'La version {{version}} a modifié une section liée à la sécurité le {{date}} : une observation réussie lève cette exigence.',
  revokeDialog: {
    title: 'Retirer l’habilitation',
    reason: 'Motif',
    submit: 'Retirer',
    done: 'Habilitation retirée',
    failedTitle: 'Échec du retrait',
    failedDescription: 'Impossible de retirer l’habilitation',
  },
};
