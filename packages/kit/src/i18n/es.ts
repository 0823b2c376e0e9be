import { FAILURE_REASONS_ES, PEOPLE_IMPORT_REASONS_ES } from '@hub/proto';
import type { ServerCatalog } from './en.js';
import { counted } from './plural.js';
import { endingSentence } from './sentence.js';

const count = counted('es');

/** The roles' names, in the notices and in the skills matrix CSV alike. */
const roles = {
  super_admin: 'superadministrador',
  admin: 'administrador',
  training_supervisor: 'supervisor de formación',
  manager: 'gerente',
  operator: 'operario',
};

/** Spanish for the plant floor: tú, short and direct, as the web app's catalog. */
export const es: ServerCatalog = {
  invitation: {
    subject: (p) => `Te invitamos a ${p.organization}`,
    greeting: (p) => `Hola, ${p.name}:`,
    invited: (p) =>
      `Te han invitado a ${endingSentence(p.organization)} Crea tu contraseña para activar tu cuenta.`,
    photo:
      'También te pediremos una foto de perfil: sirve para reconocerte en los videos de desempeño.',
    button: 'Activar mi cuenta',
    orOpen: 'O abre esta dirección:',
    expires: (p) => `El enlace solo funciona una vez y caduca el ${p.until}.`,
    yourOrganization: 'tu organización',
    invitedSso: (p) =>
      `Te han invitado a ${endingSentence(p.organization)} Tu organización usa el inicio de sesión único: inicia sesión con la cuenta de tu organización para activar la tuya.`,
    ssoButton: 'Iniciar sesión con inicio de sesión único',
  },
  emailChange: {
    subject: 'Confirma tu nuevo correo electrónico',
    greeting: (p) => `Hola, ${p.name}:`,
    open: 'Abre este enlace para usar esta dirección en tu cuenta de Frontline Hub:',
    expires: (p) =>
      `Funciona una sola vez, durante ${p.hours} horas. Si no lo pediste, ignora este correo.`,
  },
  webhookDisabled: {
    subject: 'Se desactivó un endpoint de webhook',
    disabled: (p) =>
      `Se desactivó el endpoint de webhook ${p.url}: todos los envíos fallaron durante ${p.hours} horas.`,
    kept: 'Sus envíos siguen en el registro. Cuando el endpoint vuelva a responder, actívalo y reenvía lo que se perdió en',
    where: 'Configuración > Webhooks',
  },
  certificate: {
    title: 'Certificado de Competencia',
    certifies: 'Se certifica que',
    passedSop: 'aprobó una observación del procedimiento (SOP)',
    completedCourse: 'completó el curso',
    issued: (p) => `Emitido el ${p.date}`,
    validUntil: (p) => `Válido hasta el ${p.date}`,
    status: (p) => `Estado al imprimir: ${p.state}`,
    code: (p) => `Código de verificación: ${p.code}`,
    verifyAt: (p) => `Verifícalo en ${p.url}`,
    documentTitle: 'Certificado',
    states: {
      active: 'Vigente',
      expiring_soon: 'Vence pronto',
      expired: 'Vencido',
      revoked: 'Revocado',
    },
  },
  notifications: {
    userInvited: (p) => ({
      title: 'Persona invitada',
      message: `Se invitó a ${p.name} (${p.email}) a ${p.organization} como ${p.role}.`,
    }),
    invitationAccepted: (p) => ({
      title: 'Invitación aceptada',
      message: `${p.name} (${p.email}) terminó de activar su cuenta.`,
    }),
    documentProcessed: (p) => ({
      title: 'Documento procesado',
      message: `«${p.title}» ya está procesado: ${count(p.pages, 'página', 'páginas')}, ${count(p.images, 'imagen', 'imágenes')}${p.ocrPages ? `, ${count(p.ocrPages, 'página leída', 'páginas leídas')} por OCR` : ''}.`,
    }),
    documentFailed: (p) => ({
      title: 'No se pudo procesar el documento',
      message: `No se pudo procesar «${p.title}»: ${p.reason}`,
    }),
    evaluationGenerated: (p) => ({
      title: 'Evaluación generada',
      message: `Ya puedes revisar el borrador de evaluación de «${p.title}», con ${count(p.questions, 'pregunta', 'preguntas')}.`,
    }),
    evaluationFailed: (p) => ({
      title: 'No se pudo generar la evaluación',
      message: `No se pudo generar ninguna evaluación para «${p.title}»: ${p.reason}`,
    }),
    acknowledgementRequested: (p) => ({
      title: 'Nueva versión de SOP por confirmar',
      message: `«${p.title}» cambió (versión ${p.version}).${p.safetyRelevant ? ' El cambio afecta una sección relevante para la seguridad: tu certificación necesita una nueva observación hasta que vuelvas a aprobar una.' : ''} Revisa los cambios y confirma que los leíste: ${p.path}`,
    }),
    observationCompleted: (p) => ({
      title: 'Observación completada',
      message: `${p.operator} ${p.passed ? 'aprobó' : 'no aprobó'} «${p.evaluation}» con un ${p.score} % (mínimo para aprobar: ${p.passMark} %). Observación a cargo de ${p.observer}.`,
    }),
    certificationExpiring: (p) => ({
      title: 'Certificación por vencer',
      message: `La certificación «${p.title}» de ${p.holder} vence el ${p.until} (en ${count(p.days, 'día', 'días')}). Se renueva al aprobar otra vez.`,
    }),
    certificationExpired: (p) => ({
      title: 'Certificación vencida',
      message: `La certificación «${p.title}» de ${p.holder} venció el ${p.until}. Se renueva al aprobar otra vez.`,
    }),
    certificationDigest: (p) => ({
      title: 'Certificaciones por renovar',
      message: `Desde el último resumen, ${count(p.expiringSoon, 'certificación', 'certificaciones')} de tu organización ${p.expiringSoon === 1 ? 'pasó' : 'pasaron'} a estar por vencer y ${count(p.expired, 'venció', 'vencieron')}. Cada una se renueva al aprobar otra vez. Consúltalas en: ${p.path}`,
    }),
    videoUnreadable: (p) => ({
      title: 'No se pudo leer el video',
      message: `«${p.title}»: ${p.reason}`,
    }),
    videoAnalysed: (p) => ({
      title: 'Video analizado',
      message:
        p.detected === 0
          ? `«${p.title}»: no se vio a ninguna persona.`
          : `«${p.title}»: ${count(p.detected, 'operario detectado', 'operarios detectados')}, ${count(p.identified, 'identificado', 'identificados')}${p.names ? ` (${p.names})` : ''}.`,
    }),
    videoFailed: (p) => ({
      title: 'Falló el análisis del video',
      message: `«${p.title}»: ${p.reason}`,
    }),
    pictureRejected: (p) => ({
      title: 'La foto de perfil no sirve para identificarte',
      message: p.reason,
    }),
  },
  roles,
  peopleImport: {
    columns: { row: 'Fila', email: 'Correo', reason: 'Motivo' },
    /** Proto's sentences, which the web app shows too: declared once, so the two cannot drift. */
    reasons: PEOPLE_IMPORT_REASONS_ES,
  },
  observationHistory: {
    columns: {
      observation: 'Observación',
      started: 'Inicio',
      completed: 'Fin',
      status: 'Estado',
      sop: 'SOP',
      document: 'Documento',
      operator: 'Operador',
      observer: 'Observador',
      questions: 'Preguntas',
      answered: 'Respondidas',
      correct: 'Correctas',
      score: 'Puntuación %',
      passed: 'Aprobada',
      passMark: 'Nota mínima %',
      duration: 'Duración (s)',
      findings: 'Hallazgos',
      openFindings: 'Hallazgos abiertos',
    },
    statuses: { in_progress: 'En curso', completed: 'Completada' },
    passed: { yes: 'Sí', no: 'No' },
  },
  skillsMatrix: {
    columns: {
      name: 'Nombre',
      email: 'Correo electrónico',
      role: 'Rol',
      department: 'Departamento',
      jobFunctions: 'Puestos',
      gaps: 'Brechas',
    },
    gapsPerSop: 'Brechas por SOP',
    levels: {
      not_trained: 'Sin formación',
      in_training: 'En formación',
      certified: 'Certificado',
      expiring: 'Por vencer',
      expired: 'Vencido',
      needs_reobservation: 'Requiere nueva observación',
    },
    roles,
    departments: {
      super_admin: 'Administración',
      admin: 'Administración',
      training_supervisor: 'Supervisores de formación',
      manager: 'Gerentes',
      operator: 'Operarios',
    },
  },
  /** Proto's sentences, which the web app shows too: declared once, so the two cannot drift. */
  failureReasons: FAILURE_REASONS_ES,
};
