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
