import type { ui as english } from '../en/ui';
import type { Texts } from '../types';

export const ui: Texts<typeof english> = {
  cancel: 'Cancelar',
  close: 'Cerrar',
  delete: 'Eliminar',
  refresh: 'Actualizar',
  search: 'Buscar {{noun}}',
  searchPlaceholder: 'Buscar {{noun}}...',
  showing: '{{shown}} de {{total}} {{noun}}',
  pager: {
    range: '{{first}}–{{last}} de {{total}} {{unit}}',
    previous: 'Anterior',
    next: 'Siguiente',
  },
  nouns: {
    documents: 'documentos',
    videos: 'vídeos',
    courses: 'cursos',
    certifications: 'certificaciones',
    observations: 'observaciones',
    users: 'usuarios',
    notifications: 'notificaciones',
    entries: 'entradas',
    people: 'personas',
    teamMembers: 'miembros del equipo',
    organizations: 'organizaciones',
    recommendations: 'recomendaciones',
    cameras: 'cámaras',
    deliveries: 'envíos',
  },
  firstShown: 'Los primeros {{shown}} de {{total}}: escriba para buscar',
  loadMore: 'Ver más',
  accessRestricted: 'Acceso restringido',
  roleHasNoAccess: 'Tu rol no tiene acceso a esta página.',
  emptyList: {
    noMatchSearch: 'Sin resultados en {{noun}} para tu búsqueda',
    noMatchFilters: 'Sin resultados en {{noun}} con estos filtros',
    noMatchBoth: 'Sin resultados en {{noun}} para tu búsqueda y filtros',
    searchHint:
      'Nada coincide con «{{search}}». Prueba con otras palabras o borra la búsqueda para verlo todo.',
    filtersHint: 'Quita los filtros para verlo todo.',
    clearSearch: 'Borrar búsqueda',
    clearBoth: 'Borrar búsqueda y filtros',
  },
  imageFile: {
    notAnImage: 'Elige un archivo de imagen.',
    adminTooLarge: 'La foto de perfil debe pesar menos de 5 MB.',
    profileTooLarge: 'Elige una imagen de menos de 5 MB.',
    notJpegOrPng: 'Elige una imagen JPEG o PNG.',
  },
};
