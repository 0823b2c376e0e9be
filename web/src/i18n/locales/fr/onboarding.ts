import type { Catalog } from '../en';

export const onboarding: Catalog['onboarding'] = {
  gettingStarted: 'Pour commencer',
  loadFailed: 'Impossible de charger la liste : {{message}}',
  stepsDone_one: '{{done}} sur {{total}} étape faite',
  stepsDone_many: '{{done}} sur {{total}} étapes faites',
  stepsDone_other: '{{done}} sur {{total}} étapes faites',
  progress: 'Avancement de la mise en route',
  done: 'Fait',
  notDone: 'À faire',
  optional: 'Facultatif',
  perOrganization: 'Mise en route par organisation',
  organization: 'Organisation',
};
