import type { Catalog } from '../en';

export const unknownPeople: Catalog['unknownPeople'] = {
  title: 'Personnes inconnues',
  description:
    'Visages qui ne correspondent à aucun membre, regroupés entre vos vidéos. Nommez-en un pour nommer toutes ses apparitions.',
  loadFailed: 'Impossible de charger les personnes inconnues',
  loading: 'Chargement des personnes inconnues...',
  empty: 'Tous les visages de vos vidéos analysées correspondent à un membre.',
  faceOf: 'Visage de {{label}}',
  lastSeen: 'Vu pour la dernière fois {{date}}',
  summary: '{{label}} : {{videos}}, {{appearances}}',
  videos_one: '{{count}} vidéo',
  videos_many: '{{count}} de vidéos',
  videos_other: '{{count}} vidéos',
  appearances_one: '{{count}} apparition',
  appearances_many: '{{count}} d’apparitions',
  appearances_other: '{{count}} apparitions',
  unknownPerson: 'Personne inconnue',
  label: 'Personne inconnue {{number}}',
  namedSummary: '{{faces}} dans {{videos}}.',
  namedFaces_one: '{{count}} visage nommé',
  namedFaces_many: '{{count}} de visages nommés',
  namedFaces_other: '{{count}} visages nommés',
  namedLeft_one: '{{count}} visage n’a pas pu être nommé pour l’instant et reste dans la liste.',
  namedLeft_many:
    '{{count}} de visages n’ont pas pu être nommés pour l’instant et restent dans la liste.',
  namedLeft_other:
    '{{count}} visages n’ont pas pu être nommés pour l’instant et restent dans la liste.',
  personFailed: 'Impossible de charger cette personne',
  whoIsThis: 'Qui est-ce ?',
  nameAll: 'Nommer toutes les apparitions',
  loadingFaces: 'Chargement des visages...',
  faceIn: 'Visage dans {{title}}',
  recorded: 'Enregistrée {{date}} · vu {{times}}',
  named: 'Personne inconnue nommée',
  notNamed: 'Non nommée',
  tryAgain: 'Réessayez.',
};
