import type { Catalog } from '../en';

export const faces: Catalog['faces'] = {
  title: 'Photos de référence',
  rule: 'Jusqu’à 5 photos du visage en plus de la photo de profil rendent l’identification dans les vidéos plus sûre. Chacune doit montrer un seul visage, grand et net ; sinon elle est refusée et non conservée.',
  loading: 'Chargement des photos de référence...',
  loadFailed: 'Impossible de charger les photos de référence.',
  photo: 'Photo de référence',
  delete: 'Supprimer la photo de référence',
  checking: 'Vérification de la photo...',
  add: 'Ajouter une photo de référence',
  invalidFile: 'Fichier non valide',
  count_one: '{{count}} photo de référence sur {{limit}}',
  count_many: '{{count}} photos de référence sur {{limit}}',
  count_other: '{{count}} photos de référence sur {{limit}}',
  status: { ready: 'Utilisée', checking: 'En vérification', rejected: 'Inutilisable' },
  added: 'Photo de référence ajoutée',
  addedDescription: 'Elle sert désormais à reconnaître cette personne dans les vidéos.',
  stillChecking: 'Photo toujours en vérification',
  stillCheckingDescription:
    'La vérification prend plus de temps que d’habitude ; la liste en affichera le résultat.',
  notAdded: 'Photo non ajoutée',
  addFailed: 'Impossible d’ajouter la photo.',
  deleted: 'Photo de référence supprimée',
  deletedDescription: 'Ses données faciales sont effacées aussi.',
  notDeleted: 'Non supprimée',
  deleteFailed: 'Impossible de supprimer la photo. Réessayez.',
};
