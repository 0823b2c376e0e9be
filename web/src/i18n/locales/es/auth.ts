import type { auth as english } from '../en/auth';
import type { Texts } from '../types';

export const auth: Texts<typeof english> = {
  toasts: {
    loggedOutTitle: 'Sesión cerrada',
    loggedOutDescription: 'Cerraste sesión correctamente.',
    validationTitle: 'Faltan datos',
    validationDescription: 'Escribe tu correo y tu contraseña.',
    loginFailedTitle: 'No se pudo iniciar sesión',
    loginFailedDescription: 'Correo o contraseña incorrectos. Inténtalo de nuevo.',
    loginErrorDescription: 'Ocurrió un error al iniciar sesión. Inténtalo de nuevo.',
    loginSucceededTitle: 'Sesión iniciada',
    loginSucceededDescription: '¡Hola de nuevo, {{name}}!',
    ssoTitle: 'Error de SSO',
    ssoFailed: 'No se pudo iniciar el acceso por SSO.',
    ssoInvalidOrganization:
      'El identificador de la organización no es válido. Contacta a tu administrador.',
    ssoNotConfigured: 'Falta configurar Auth0 para SAML. Contacta a tu administrador.',
    authenticationTitle: 'Error de autenticación',
    callbackFailed: 'Hubo un error al procesar tu inicio de sesión. Inténtalo de nuevo.',
    signInCallbackFailed: 'No se pudo procesar la autenticación. Inténtalo de nuevo.',
    passwordResetTitle: 'Restablecer contraseña',
    passwordResetDescription: 'Pide a tu administrador que restablezca tu contraseña.',
    signUpTitle: 'Contacta a tu administrador',
    signUpDescription: 'Pide al administrador de tu organización que te cree una cuenta.',
  },
  invitation: {
    invalidLinkTitle: 'Enlace no válido',
    invalidLinkDescription: 'Este enlace para crear tu contraseña no es válido o está incompleto.',
    ssoSignInTitle: 'Inicia sesión con el inicio de sesión único',
    expiredLinkTitle: 'Enlace no válido o caducado',
    expiredLinkDescription: 'Este enlace para crear tu contraseña no es válido o ya caducó.',
    errorTitle: 'Error',
    verifyFailed: 'No se pudo comprobar la invitación. Inténtalo de nuevo.',
    invalidPasswordTitle: 'Contraseña no válida',
    invalidPasswordDescription: 'Tu contraseña tiene que cumplir todos los requisitos.',
    mismatchTitle: 'Las contraseñas no coinciden',
    mismatchDescription: 'Escribe la misma contraseña en los dos campos.',
    photoRequiredTitle: 'Falta la foto de perfil',
    photoRequiredDescription: 'Sube una foto de perfil para terminar de configurar tu cuenta.',
    setupFailedTitle: 'No se pudo completar',
    passwordFailed: 'No se pudo guardar la contraseña. Inténtalo de nuevo.',
    passwordException: 'Ocurrió un error al guardar tu contraseña. Inténtalo de nuevo.',
    profileFailed: 'No se pudo terminar de configurar la cuenta. Inténtalo de nuevo.',
    profileException: 'Ocurrió un error al configurar tu cuenta. Inténtalo de nuevo.',
  },
  samlErrors: {
    saml_invalid: 'Hubo un error al procesar tu inicio de sesión. Inténtalo de nuevo.',
    saml_expired: 'El inicio de sesión tardó demasiado o ya se usó. Inténtalo de nuevo.',
    saml_no_account:
      'No hay ninguna cuenta activa con este correo en tu organización. Contacta a tu administrador.',
    saml_wrong_organization:
      'Este correo no pertenece a la organización de tu proveedor de identidad. Contacta a tu administrador.',
    saml_not_configured:
      'El inicio de sesión único (SSO) no está configurado para esta organización. Contacta a tu administrador.',
    saml_super_admin:
      'Un superadministrador no puede iniciar sesión con el inicio de sesión único (SSO). Inicia sesión con tu correo y tu contraseña.',
  },
  passwordRules: {
    length: 'Al menos {{min}} caracteres',
    upper: 'Una letra mayúscula',
    lower: 'Una letra minúscula',
    digit: 'Un número',
    special: 'Un carácter especial ({{characters}})',
  },
  backToSignIn: 'Volver a iniciar sesión',
  privacy: {
    title: 'Política de privacidad',
    intro:
      'Frontline Hub funciona para tu organización, que decide quién tiene cuenta y qué se registra. Esta página explica qué guarda el producto sobre ti y para qué.',
    keptTitle: 'Qué se guarda',
    account:
      'Tu cuenta: nombre, correo electrónico, rol, organización y horas de inicio de sesión.',
    photo:
      'Tu foto de perfil. También sirve para reconocerte en los videos de desempeño que tu organización sube para compararlos con sus procedimientos.',
    training:
      'Registros de capacitación: observaciones de tu trabajo con sus respuestas y notas, avance en los cursos, certificaciones y confirmaciones de lectura de procedimientos.',
    presence:
      'Registros de presencia de las cámaras en planta, guardados durante el plazo que fije tu organización.',
    log: 'Un registro de las acciones relevantes para la seguridad (inicios de sesión, cambios de cuenta y de permisos).',
    whoTitle: 'Quién lo ve',
    who: 'Las personas de tu organización, según su rol (un operador ve sus propios registros; supervisores, gerentes y administradores ven los de su organización), y el administrador de la plataforma que opera el servicio. Nada se vende ni se comparte con fines publicitarios.',
    choicesTitle: 'Lo que puedes decidir',
    choices:
      'Puedes cambiar tu nombre, tu correo, tu contraseña y tus preferencias de notificaciones en tu perfil. Para corregir o borrar otros registros, pídeselo al administrador de tu organización.',
  },
  terms: {
    title: 'Condiciones del servicio',
    intro:
      'Frontline Hub se ofrece a tu organización para capacitar y supervisar a su personal según sus procedimientos operativos estándar. Al iniciar sesión aceptas usarlo para eso, bajo las normas de tu organización.',
    accountTitle: 'Tu cuenta',
    account:
      'Tu cuenta es personal: no compartas tu contraseña y cierra sesión en los equipos compartidos. El administrador de tu organización crea las cuentas, reenvía las invitaciones y da de baja las cuentas.',
    contentTitle: 'Contenido',
    content:
      'Los documentos, videos y registros pertenecen a tu organización. Sube solo material que tu organización tenga derecho a usar; el producto lo procesa (extracción de texto, evaluaciones, análisis de video) solo para prestar el servicio.',
    availabilityTitle: 'Disponibilidad',
    availability:
      'El servicio se presta según lo que diga el contrato de tu organización. Las dudas sobre estas condiciones van al administrador de tu organización.',
  },
  support: {
    title: 'Soporte',
    cannotSignInTitle: '¿No puedes iniciar sesión?',
    cannotSignIn:
      'No puedes restablecer la contraseña por tu cuenta: tu administrador la restablece y reenvía las invitaciones. Si tu organización entra con inicio de sesión único (SSO SAML), usa la misma cuenta que en tus otras herramientas de trabajo; los problemas con ella los atiende tu departamento de TI.',
    administratorTitle: 'Contacta a tu administrador',
    administrator:
      'Cada organización tiene administradores que crean cuentas, asignan roles y reenvían los enlaces de invitación. Pregunta a tu supervisor o gerente quiénes son.',
    writeToAdministrator: 'También puedes escribir a <mail>{{email}}</mail>.',
    administratorSubject: 'Acceso a la cuenta',
    brokenTitle: 'Algo no funciona',
    writeToSupport:
      'Escribe a <mail>{{email}}</mail> contando qué hiciste, qué esperabas y qué pasó.',
    supportSubject: 'Solicitud de soporte',
    tellAdministrator:
      'Cuéntale a tu administrador qué hiciste, qué esperabas y qué pasó; él puede contactar al administrador de la plataforma.',
  },
};
