import type { Catalog } from '../en';

export const recommendations: Catalog['recommendations'] = {
  title: 'Recommandations',
  subtitle: 'Pistes d’amélioration tirées de vos données',
  lastEvaluated: 'Dernière analyse {{time}}',
  evaluate: 'Relancer l’analyse',
  updated: 'Recommandations mises à jour',
  updatedDescription: 'Les règles ont été passées sur vos données.',
  updateFailedTitle: 'Échec de la mise à jour',
  updateFailed: 'Impossible de mettre à jour les recommandations.',
  oneUpdateFailed: 'Impossible de mettre à jour la recommandation.',
  loadFailed: 'Impossible de charger les recommandations : {{message}}',
  figures: {
    active: 'Actives',
    activeCaption: 'à examiner',
    implemented: 'Mises en œuvre',
    implementedCaption: 'ce trimestre',
    high: 'Priorité haute',
    highCaption: 'actives, à traiter en premier',
    impact: 'Score d’impact',
    impactCaption:
      'part des recommandations du trimestre traitées, pondérée par la priorité (0-10)',
  },
  tabs: { active: 'Actives', implemented: 'Mises en œuvre', dismissed: 'Écartées' },
  tabCount: '{{label}} ({{count}})',
  /** The pager's plural noun: 'Showing 1-50 of 7,500 recommendations'. */
  unit: 'recommandations',
  emptyActive: 'Rien à recommander pour l’instant : les règles n’ont trouvé aucun problème.',
  empty: {
    implemented: 'Aucune recommandation mise en œuvre pour l’instant.',
    dismissed: 'Aucune recommandation écartée pour l’instant.',
  },
  markedImplemented: 'Marquée comme mise en œuvre',
  dismissedToast: 'Recommandation écartée',
  open: 'Ouvrir',
  markImplemented: 'Marquer comme mise en œuvre',
  dismiss: 'Écarter',
  implementedBy: 'Mise en œuvre par {{name}}',
  dismissedBy: 'Écartée par {{name}}',
  someone: 'quelqu’un',
  priorities: { High: 'Haute', Medium: 'Moyenne', Low: 'Basse' },
  categories: {
    'Efficiency Improvements': 'Gains d’efficacité',
    'Safety Enhancements': 'Renforcement de la sécurité',
    'Cost Optimization': 'Réduction des coûts',
    'Quality Upgrades': 'Amélioration de la qualité',
  },
};
