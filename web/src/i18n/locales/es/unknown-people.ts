import type { Catalog } from '../en';

export const unknownPeople: Catalog['unknownPeople'] = {
  title: 'Personas desconocidas',
  description:
    'Caras que no coinciden con ningún miembro, agrupadas entre tus vídeos. Identifica una para nombrar todas sus apariciones.',
  loadFailed: 'No se pudieron cargar las personas desconocidas',
  loading: 'Cargando personas desconocidas...',
  empty: 'Todas las caras de tus vídeos analizados coinciden con un miembro.',
  faceOf: 'Cara de {{label}}',
  lastSeen: 'Visto por última vez {{date}}',
  summary: '{{label}}: {{videos}}, {{appearances}}',
  videos_one: '{{count}} vídeo',
  videos_many: '{{count}} de vídeos',
  videos_other: '{{count}} vídeos',
  appearances_one: '{{count}} aparición',
  appearances_many: '{{count}} de apariciones',
  appearances_other: '{{count}} apariciones',
  unknownPerson: 'Persona desconocida',
  personFailed: 'No se pudo cargar a esta persona',
  whoIsThis: '¿Quién es?',
  nameAll: 'Nombrar todas las apariciones',
  loadingFaces: 'Cargando caras...',
  faceIn: 'Cara en {{title}}',
  recorded: 'Grabado {{date}} · visto {{times}}',
  named: 'Persona identificada',
  notNamed: 'No se pudo identificar',
  tryAgain: 'Inténtalo de nuevo.',
};
