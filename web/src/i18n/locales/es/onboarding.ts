import type { Catalog } from '../en';

export const onboarding: Catalog['onboarding'] = {
  gettingStarted: 'Primeros pasos',
  loadFailed: 'No se pudo cargar la lista: {{message}}',
  stepsDone_one: '{{done}} de {{total}} paso hecho',
  stepsDone_many: '{{done}} de {{total}} pasos hechos',
  stepsDone_other: '{{done}} de {{total}} pasos hechos',
  progress: 'Avance de la puesta en marcha',
  done: 'Hecho',
  notDone: 'Pendiente',
  optional: 'Opcional',
  perOrganization: 'Puesta en marcha por organización',
  organization: 'Organización',
};
