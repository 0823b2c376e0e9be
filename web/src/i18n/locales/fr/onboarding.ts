import type { Catalog } from '../en';

export const onboarding: Catalog['onboarding'] = {
  gettingStarted: 'Pour commencer',
  loadFailed: 'Impossible de charger la liste : {{message}}',
  stepsDone: '{{done}} étapes sur {{total}} faites',
  progress: 'Avancement de la mise en route',
  done: 'Fait',
  notDone: 'À faire',
  optional: 'Facultatif',
  perOrganization: 'Mise en route par organisation',
  organization: 'Organisation',
};
