import type { mySops as english } from '../en/mySops';
import type { Texts } from '../types';

export const mySops: Texts<typeof english> = {
  title: 'Mis SOP',
  loading: 'Cargando tus SOP...',
  loadFailed: 'No se pudieron cargar tus SOP',
  empty: 'Aún no tienes SOP: llegan con tus cursos, puestos y certificaciones.',
  version: 'Versión {{version}}',
  newVersion: 'Nueva versión por confirmar',
  reasons: {
    course: 'Curso: {{name}}',
    job_function: 'Puesto: {{name}}',
    certification: 'Certificación: {{name}}',
  },
  page: {
    loading: 'Cargando el SOP...',
    heading: 'SOP',
    notFound: 'Documento no encontrado',
    loadFailed: 'No se pudo cargar el SOP: {{message}}',
    whyYours: 'Por qué te toca este SOP',
    views: 'Vistas del SOP',
    content: 'Contenido',
    pdfPreview: 'Vista PDF',
    pdfPreviewOf: 'Vista PDF de {{title}}',
    openPdf: 'Abrir el PDF',
    offlineCopy:
      'Sin conexión: esta es la copia guardada en este dispositivo (versión {{version}}) la última vez que lo abriste. Puede que ya no sea la versión vigente.',
    newVersion: 'Hay una versión nueva ({{version}}): léela y confirma que la leíste.',
    seeChanges: 'Ver qué cambió',
    acknowledge: 'Confirmar lectura',
  },
};
