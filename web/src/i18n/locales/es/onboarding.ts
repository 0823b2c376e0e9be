import type { Catalog } from '../en';

export const onboarding: Catalog['onboarding'] = {
  gettingStarted: 'Primeros pasos',
  loadFailed: 'No se pudo cargar la lista: {{message}}',
  stepsDone: '{{done}} de {{total}} pasos hechos',
  progress: 'Avance de la puesta en marcha',
  done: 'Hecho',
  notDone: 'Pendiente',
  optional: 'Opcional',
  perOrganization: 'Puesta en marcha por organización',
  organization: 'Organización',
};
