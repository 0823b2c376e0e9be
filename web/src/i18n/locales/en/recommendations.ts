/**
 * Recommendations. Each recommendation's title, description, evidence and action come from the
 * server's rules; categories and priorities are keyed by proto's English values.
 */
export const recommendations = {
  title: 'Recommendations',
  subtitle: 'AI-powered insights and improvement suggestions',
  lastEvaluated: 'Last evaluated {{time}}',
  evaluate: 'Re-evaluate now',
  updated: 'Recommendations Updated',
  updatedDescription: 'The rules ran over your data.',
  updateFailedTitle: 'Update Failed',
  updateFailed: 'The recommendations could not be updated.',
  oneUpdateFailed: 'The recommendation could not be updated.',
  loadFailed: 'The recommendations could not be loaded: {{message}}',
  figures: {
    active: 'Active',
    activeCaption: 'pending review',
    implemented: 'Implemented',
    implementedCaption: 'this quarter',
    high: 'High Priority',
    highCaption: 'active, to act on first',
    impact: 'Impact Score',
    impactCaption: "share of this quarter's recommendations acted on, weighted by priority (0-10)",
  },
  tabs: { active: 'Active', implemented: 'Implemented', dismissed: 'Dismissed' },
  tabCount: '{{label}} ({{count}})',
  emptyActive: 'Nothing to recommend right now: the rules found no issue in your data.',
  empty: {
    implemented: 'No implemented recommendations yet.',
    dismissed: 'No dismissed recommendations yet.',
  },
  markedImplemented: 'Marked Implemented',
  dismissedToast: 'Recommendation Dismissed',
  open: 'Open',
  markImplemented: 'Mark implemented',
  dismiss: 'Dismiss',
  implementedBy: 'Implemented by {{name}}',
  dismissedBy: 'Dismissed by {{name}}',
  someone: 'someone',
  priorities: { High: 'High', Medium: 'Medium', Low: 'Low' },
  categories: {
    'Efficiency Improvements': 'Efficiency Improvements',
    'Safety Enhancements': 'Safety Enhancements',
    'Cost Optimization': 'Cost Optimization',
    'Quality Upgrades': 'Quality Upgrades',
  },
} as const;
