import type { mySops as english } from '../en/mySops';
import type { Texts } from '../types';

export const mySops: Texts<typeof english> = {
  title: 'Mes modes opératoires',
  loading: 'Chargement de vos modes opératoires...',
  loadFailed: 'Impossible de charger vos modes opératoires',
  empty:
    'Aucun mode opératoire pour l’instant : ils arrivent avec vos formations, vos postes et vos habilitations.',
  version: 'Version {{version}}',
  newVersion: 'Nouvelle version à valider',
  reasons: {
    course: 'Formation : {{name}}',
    job_function: 'Poste : {{name}}',
    certification: 'Habilitation : {{name}}',
  },
  page: {
    loading: 'Chargement du mode opératoire...',
    heading: 'Mode opératoire',
    notFound: 'Document introuvable',
    loadFailed: 'Impossible de charger le mode opératoire : {{message}}',
    whyYours: 'Pourquoi ce mode opératoire vous concerne',
    views: 'Affichages du mode opératoire',
    content: 'Contenu',
    pdfPreview: 'Aperçu PDF',
    pdfPreviewOf: 'Aperçu PDF de {{title}}',
    openPdf: 'Ouvrir le PDF',
    offlineCopy:
      'Pas de connexion : voici la copie hors ligne (version {{version}}) gardée sur cet appareil lors de votre dernière consultation. Ce n’est peut-être plus la version en vigueur.',
    newVersion: 'La version {{version}} est nouvelle : lisez-la puis validez sa lecture.',
    seeChanges: 'Voir les changements',
    acknowledge: 'Valider la lecture',
  },
};
