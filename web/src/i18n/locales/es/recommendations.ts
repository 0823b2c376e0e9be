import type { Catalog } from '../en';

export const recommendations: Catalog['recommendations'] = {
  title: 'Recomendaciones',
  subtitle: 'Ideas de mejora a partir de tus datos',
  lastEvaluated: 'Última revisión {{time}}',
  evaluate: 'Revisar ahora',
  updated: 'Recomendaciones actualizadas',
  updatedDescription: 'Las reglas se pasaron sobre tus datos.',
  updateFailedTitle: 'No se pudo actualizar',
  updateFailed: 'No se pudieron actualizar las recomendaciones.',
  oneUpdateFailed: 'No se pudo actualizar la recomendación.',
  loadFailed: 'No se pudieron cargar las recomendaciones: {{message}}',
  figures: {
    active: 'Activas',
    activeCaption: 'por revisar',
    implemented: 'Aplicadas',
    implementedCaption: 'este trimestre',
    high: 'Prioridad alta',
    highCaption: 'activas, a atender primero',
    impact: 'Impacto',
    impactCaption:
      'parte de las recomendaciones del trimestre atendidas, ponderada por prioridad (0-10)',
  },
  tabs: { active: 'Activas', implemented: 'Aplicadas', dismissed: 'Descartadas' },
  tabCount: '{{label}} ({{count}})',
  /** The pager's plural noun: 'Showing 1-50 of 7,500 recommendations'. */
  unit: 'recomendaciones',
  emptyActive: 'Nada que recomendar por ahora: las reglas no encontraron problemas en tus datos.',
  empty: {
    implemented: 'Todavía no hay recomendaciones aplicadas.',
    dismissed: 'Todavía no hay recomendaciones descartadas.',
  },
  markedImplemented: 'Marcada como aplicada',
  dismissedToast: 'Recomendación descartada',
  open: 'Abrir',
  markImplemented: 'Marcar como aplicada',
  dismiss: 'Descartar',
  implementedBy: 'Aplicada por {{name}}',
  dismissedBy: 'Descartada por {{name}}',
  someone: 'alguien',
  priorities: { High: 'Alta', Medium: 'Media', Low: 'Baja' },
  categories: {
    'Efficiency Improvements': 'Mejoras de eficiencia',
    'Safety Enhancements': 'Mejoras de seguridad',
    'Cost Optimization': 'Reducción de costes',
    'Quality Upgrades': 'Mejoras de calidad',
  },
};
