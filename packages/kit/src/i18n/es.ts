import type { ServerCatalog } from './en.js';

/** Spanish for the plant floor: tú, short and direct, as the web app's catalog. */
export const es: ServerCatalog = {
  invitation: {
    subject: (p) => `Te invitamos a ${p.organization}`,
    greeting: (p) => `Hola, ${p.name}:`,
    invited: (p) =>
      `Te han invitado a ${p.organization}. Crea tu contraseña para activar tu cuenta.`,
    photo:
      'También te pediremos una foto de perfil: sirve para reconocerte en los videos de desempeño.',
    button: 'Activar mi cuenta',
    orOpen: 'O abre esta dirección:',
    expires: (p) => `El enlace solo funciona una vez y caduca el ${p.until}.`,
    yourOrganization: 'tu organización',
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
  },
  roles: {
    super_admin: 'superadministrador',
    admin: 'administrador',
    training_supervisor: 'supervisor de formación',
    manager: 'gerente',
    operator: 'operario',
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
  },
};
