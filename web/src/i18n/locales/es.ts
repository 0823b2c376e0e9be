import type { Catalog } from './en';
import { format } from './es/format';
import { ui } from './es/ui';
import { mySops } from './es/mySops';
import { certifications } from './es/certifications';
import { evaluations } from './es/evaluations';
import { insights } from './es/insights';
import { skills } from './es/skills';
import { training } from './es/training';
import { library } from './es/library';
import { toast } from './es/toast';
import { pages } from './es/pages';
import { access } from './es/access';
import { organizationExport } from './es/organization-export';
import { observations } from './es/observations';
import { admin } from './es/admin';
import { audit } from './es/audit';
import { faces } from './es/faces';
import { onboarding } from './es/onboarding';
import { team } from './es/team';
import { activity } from './es/activity';
import { profile } from './es/profile';
import { recommendations } from './es/recommendations';
import { peopleImport } from './es/people-import';
import { unknownPeople } from './es/unknown-people';
import { floor } from './es/floor';
import { integrations } from './es/integrations';
import { videos } from './es/videos';

/** Spanish for the plant floor: tú, short and direct, the words a Spanish-speaking plant uses. */
export const es: Catalog = {
  common: {
    loading: 'Cargando...',
    tryAgain: 'Reintentar',
    saving: 'Guardando...',
    notAvailable: 'No disponible',
  },
  roles: {
    super_admin: 'superadministrador',
    admin: 'administrador',
    training_supervisor: 'supervisor de formación',
    manager: 'gerente',
    operator: 'operario',
  },
  theme: { light: 'Claro', dark: 'Oscuro', system: 'Sistema' },
  signIn: {
    signingIn: 'Iniciando sesión...',
    startingSso: 'Conectando con SAML SSO...',
    title: 'Hola de nuevo',
    subtitle: 'Inicia sesión con la cuenta de tu organización',
    formLabel: 'Iniciar sesión',
    organization: 'Organización',
    chooseOrganization: 'Elige tu organización',
    email: 'Correo electrónico',
    emailPlaceholder: 'tu@empresa.com',
    samlAvailable: 'SAML disponible',
    password: 'Contraseña',
    showPassword: 'Mostrar contraseña',
    hidePassword: 'Ocultar contraseña',
    rememberMe: 'Recordarme',
    forgotPassword: '¿Olvidaste tu contraseña?',
    submit: 'Entrar',
    orContinueWith: 'O continúa con',
    sso: 'SSO SAML',
    noAccount: '¿No tienes cuenta?',
    signUp: 'Regístrate',
    needAccess: '¿Necesitas acceso?',
    contactAdministrator: 'Habla con tu administrador',
    authenticating: 'Verificando tu identidad...',
    completingLogin: 'Un momento, estamos terminando de iniciar tu sesión.',
  },
  invitation: {
    verifyFailed: 'No se pudo comprobar la invitación. Vuelve a intentarlo.',
    invalidLink:
      'Este enlace para crear la contraseña no es válido o ha caducado. Te llevamos a la página de inicio de sesión...',
    verifying: 'Comprobando...',
    setupTitle: 'Crea tu contraseña',
    setupGreeting:
      '¡Bienvenido/a, {{name}}! Elige una contraseña para tu cuenta de {{organization}} ({{email}}).',
    needsPhoto: 'Antes necesitas una foto de perfil en tu cuenta.',
    completeAccountLink: 'Completar mi cuenta',
    passwordSetTitle: 'Contraseña creada',
    passwordSetDescription: 'Ya puedes entrar con tu nueva contraseña.',
    settingPassword: 'Guardando la contraseña...',
    setPassword: 'Guardar contraseña',
    completeTitle: 'Completa tu cuenta',
    completeGreeting:
      '¡Bienvenido/a, {{name}}! Añade tu foto y elige una contraseña para tu cuenta de {{organization}} ({{email}}).',
    setupCompleteTitle: '¡Cuenta lista!',
    setupCompleteDescription: 'Tu foto y tu contraseña están guardadas. Ya puedes entrar.',
    settingUp: 'Preparando tu cuenta...',
    completeSetup: 'Terminar',
    password: 'Contraseña',
    confirmPassword: 'Repite la contraseña',
    requirements: 'Requisitos de la contraseña',
    passwordsMatch: 'Las contraseñas coinciden',
    passwordsDiffer: 'Las contraseñas no coinciden',
    invalidFile: 'Archivo no válido',
    photoAlt: 'Tu foto de perfil',
    choosePhoto: 'Subir foto de perfil',
    chooseAnotherPhoto: 'Elegir otra foto',
    photoLabel: 'Foto de perfil',
    photoHint:
      'Obligatoria. Una foto nítida de tu cara, de frente (JPEG o PNG, máximo 5 MB); sirve para reconocerte en los vídeos de desempeño.',
  },
  shell: {
    unreachable: 'No hay conexión con el servidor.',
    toggleSidebar: 'Mostrar u ocultar el menú lateral',
    menu: 'Menú',
    hideMenu: 'Ocultar menú',
    showMenu: 'Mostrar menú',
    organizationHub: 'Hub de {{organization}}',
    mainNavigation: 'Principal',
    offline:
      'Sin conexión ({{name}}): solo puedes leer los SOP que ya abriste en este dispositivo.',
    openUserMenu: 'Abrir el menú de usuario',
    profile: 'Mi perfil',
    activity: 'Actividad y avisos',
    integrations: 'Integraciones',
    theme: 'Tema',
    selected: 'seleccionado',
    logout: 'Cerrar sesión',
  },
  nav: {
    'Admin Dashboard': 'Panel de administración',
    Hub: 'Inicio',
    Operations: 'Operaciones',
    Insights: 'Análisis',
    Certifications: 'Certificaciones',
    'Job Functions': 'Puestos de trabajo',
    Observations: 'Observaciones',
    'Skills Matrix': 'Matriz de competencias',
    Progress: 'Avance',
    'Team Overview': 'Mi equipo',
    Library: 'Biblioteca',
    Documents: 'Documentos',
    Videos: 'Vídeos',
    Training: 'Formación',
    Equipment: 'Equipos',
    'Floor View': 'Vista de planta',
  },
  settings: {
    title: 'Configuración',
    subtitle: 'Tu perfil, avisos, seguridad y preferencias',
    notifications: {
      title: 'Avisos',
      loadFailed: 'No se pudieron cargar tus preferencias: {{message}}',
      email: 'Correo electrónico',
      emailDescription: 'Cada aviso nuevo también te llega por correo.',
      inApp: 'En la aplicación',
      inAppDescription: 'Los avisos aparecen en la aplicación mientras tienes la sesión abierta.',
      weekly: 'Resumen semanal',
      weeklyDescription: 'Un resumen de tu actividad cada semana.',
      browserPush: 'Notificaciones del navegador',
      sms: 'SMS',
      savedTitle: 'Avisos actualizados',
      savedDescription: 'Tus preferencias de avisos están guardadas.',
      failedTitle: 'No se pudo actualizar',
      failedDescription: 'No se pudieron guardar tus preferencias de avisos.',
    },
    security: {
      title: 'Seguridad',
      endOthers: 'Cerrar las demás sesiones',
      endOthersTitle: '¿Cerrar las demás sesiones?',
      endOthersDescription_one: 'Tu otra sesión abierta tendrá que volver a iniciar sesión.',
      endOthersDescription_many:
        'Tus {{count}} otras sesiones abiertas tendrán que volver a iniciar sesión.',
      endOthersDescription_other:
        'Tus {{count}} otras sesiones abiertas tendrán que volver a iniciar sesión.',
      signOut: 'Cerrar sesión',
      loadFailed: 'No se pudieron cargar tus sesiones: {{message}}',
      passwordChanged: 'Último cambio de contraseña: {{when}}',
      notRecorded: 'sin registro',
      activeSessions: 'Sesiones abiertas',
      thisDevice: 'Este dispositivo',
      unknownAddress: 'Dirección desconocida',
      sessionTimes: '{{address}} · Entrada {{signedIn}} · Última actividad',
      updatedTitle: 'Sesiones actualizadas',
      failedTitle: 'No se pudo cerrar la sesión',
      failedDescription: 'No se pudo cerrar esa sesión.',
    },
    preferences: {
      title: 'Preferencias',
      language: 'Idioma',
      languageAutomatic: 'Automático ({{language}})',
      languageAutomaticHint:
        'En automático se usa el idioma de tu organización o, si no tiene, el de tu navegador.',
      timeZone: 'Zona horaria',
      deviceTimeZone: 'La zona horaria de este dispositivo',
      dateFormat: 'Formato de fecha',
      theme: 'Tema',
      save: 'Guardar preferencias',
      savedTitle: 'Preferencias guardadas',
      savedDescription: 'El idioma, las fechas y el tema ya siguen tu elección.',
      failedTitle: 'No se pudo guardar',
      failedDescription: 'No se pudieron guardar tus preferencias.',
    },
    organization: {
      title: 'Organización',
      description:
        'Las personas que no hayan elegido un idioma verán la app, sus correos y sus certificados en este.',
      language: 'Idioma predeterminado',
      browserLanguage: 'El idioma del navegador de cada persona',
      save: 'Guardar',
      savedTitle: 'Organización actualizada',
      savedDescription: 'Se guardó el idioma predeterminado.',
      failedTitle: 'No se pudo guardar',
      failedDescription: 'No se pudo guardar la configuración de la organización.',
      loadFailed: 'No se pudo cargar la configuración de la organización: {{message}}',
    },
  },
  hub: {
    welcome: 'Bienvenido/a al Hub de {{organization}}',
    subtitle: 'Así va tu operación hoy',
    statsFailed: 'No se pudieron cargar las cifras: {{message}}',
    totalUsers: 'Usuarios en total',
    totalUsersCaption: 'Usuarios registrados en el sistema',
    activeUsers: 'Usuarios activos',
    activeUsersCaption: 'Cuentas activas ahora',
    todayLogins: 'Entradas de hoy',
    todayLoginsCaption: 'Usuarios que han entrado hoy',
    quickActions: 'Accesos rápidos',
    actions: {
      'Schedule Training Session': 'Programar una formación',
      'Generate Reports': 'Sacar informes',
      'Review Certifications': 'Revisar certificaciones',
    },
    recentActivity: 'Actividad reciente',
    activityFailed: 'No se pudo cargar la actividad reciente.',
    noActivity: 'Todavía no hay actividad reciente',
    performance: 'Resumen de desempeño',
    attendanceRate: 'Asistencia',
    performanceScore: 'Puntuación de desempeño',
    trainingCompletion: 'Formación completada',
    monthlyGrowth: 'Crecimiento mensual',
  },
  format,
  ui,
  mySops,
  certifications,
  evaluations,
  insights,
  skills,
  training,
  library,
  toast,
  pages,
  access,
  organizationExport,
  observations,
  admin,
  audit,
  faces,
  onboarding,
  team,
  activity,
  profile,
  recommendations,
  peopleImport,
  unknownPeople,
  floor,
  integrations,
  videos,
};
