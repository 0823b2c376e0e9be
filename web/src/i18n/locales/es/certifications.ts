import type { certifications as english } from '../en/certifications';
import type { Texts } from '../types';

export const certifications: Texts<typeof english> = {
  title: 'Certificaciones',
  subtitleStaff:
    'Las certificaciones de tu organización, emitidas al aprobar observaciones y completar cursos',
  subtitleOwn: 'Tus certificaciones, emitidas al aprobar observaciones y completar cursos',
  mySops: 'SOP de mis certificaciones',
  recent: 'Certificaciones recientes',
  search: 'Buscar certificaciones',
  searchPlaceholder: 'Buscar personas, SOP, categorías',
  stateFilter: 'Estado',
  allStates: 'Todos los estados',
  loading: 'Cargando certificaciones...',
  loadFailed: 'No se pudieron cargar las certificaciones',
  moreFailed: 'No se pudieron cargar más certificaciones. Vuelva a intentarlo.',
  emptyTitle: 'No hay certificaciones.',
  emptyHint:
    'Se emite una certificación cuando alguien aprueba la observación de un SOP o completa un curso.',
  states: {
    active: 'Vigente',
    expiring_soon: 'Vence pronto',
    expired: 'Vencida',
    revoked: 'Revocada',
  },
  cards: {
    active: 'Certificaciones vigentes',
    activeCaption: 'Válidas por más de 30 días',
    completedMonth: 'Obtenidas este mes',
    completedMonthCaption: 'Emitidas o renovadas desde el día 1',
    expiring: 'Vencen pronto',
    expiringCaption: 'En los próximos 30 días',
    overdue: 'Vencidas',
    overdueCaption: 'Vencidas, hay que renovarlas',
  },
  categories: 'Categorías',
  noCategories: 'Aún no hay certificaciones.',
  uncategorized: 'Sin categoría',
  row: {
    sop: 'SOP',
    course: 'Curso',
    needsReobservation: 'Requiere nueva observación',
    issued: 'Emitida el {{date}}',
    score: 'Nota {{score}}',
    verificationCode: 'Código de verificación',
    revoked: 'Revocada: {{reason}}',
    downloadPdf: 'Descargar PDF',
    revoke: 'Revocar',
  },
  expires: 'Vence el {{date}}',
  expired: 'Venció el {{date}}',
  revokedOn: 'Revocada el {{date}}',
  reobservation:
    'La versión {{version}} cambió una sección de seguridad el {{date}}: hace falta aprobar una nueva observación.',
  revokeDialog: {
    title: 'Revocar certificación',
    reason: 'Motivo',
    submit: 'Revocar',
    done: 'Certificación revocada',
    failedTitle: 'No se pudo revocar',
    failedDescription: 'No se pudo revocar la certificación',
  },
};
