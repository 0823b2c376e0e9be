import type { ui as english } from '../en/ui';
import type { Texts } from '../types';

export const ui: Texts<typeof english> = {
  cancel: 'Annuler',
  close: 'Fermer',
  delete: 'Supprimer',
  refresh: 'Actualiser',
  search: 'Rechercher des {{noun}}',
  searchPlaceholder: 'Rechercher des {{noun}}...',
  showing: '{{shown}} sur {{total}} {{noun}}',
  pager: {
    range: '{{first}}–{{last}} sur {{total}} {{unit}}',
    previous: 'Précédent',
    next: 'Suivant',
  },
  nouns: {
    documents: 'documents',
    videos: 'vidéos',
    courses: 'formations',
    certifications: 'habilitations',
    observations: 'observations',
    users: 'utilisateurs',
    notifications: 'notifications',
    entries: 'entrées',
    people: 'personnes',
    teamMembers: 'membres de l’équipe',
    organizations: 'organisations',
    recommendations: 'recommandations',
    cameras: 'caméras',
    deliveries: 'envois',
  },
  firstShown: 'Les {{shown}} premiers sur {{total}} : tapez pour chercher',
  loadMore: 'Afficher plus',
  accessRestricted: 'Accès restreint',
  roleHasNoAccess: 'Votre rôle ne donne pas accès à cette page.',
  emptyList: {
    noMatchSearch: 'Aucun résultat parmi les {{noun}} pour votre recherche',
    noMatchFilters: 'Aucun résultat parmi les {{noun}} avec ces filtres',
    noMatchBoth: 'Aucun résultat parmi les {{noun}} pour votre recherche et vos filtres',
    searchHint:
      'Rien ne correspond à « {{search}} ». Essayez d’autres mots ou effacez la recherche pour tout revoir.',
    filtersHint: 'Retirez les filtres pour tout revoir.',
    clearSearch: 'Effacer la recherche',
    clearBoth: 'Effacer la recherche et les filtres',
  },
  imageFile: {
    notAnImage: 'Choisissez un fichier image.',
    adminTooLarge: 'La photo de profil doit faire moins de 5 Mo.',
    profileTooLarge: 'Choisissez une image de moins de 5 Mo.',
    notJpegOrPng: 'Choisissez une image JPEG ou PNG.',
  },
};
