import type { Catalog } from '../en';

export const onboardingSteps: Catalog['onboardingSteps'] = {
  counts: {
    members_one: '{{count}} persona',
    members_many: '{{count}} personas',
    members_other: '{{count}} personas',
    invitations_one: '{{count}} invitación pendiente',
    invitations_many: '{{count}} invitaciones pendientes',
    invitations_other: '{{count}} invitaciones pendientes',
    signIns_one: '{{count}} inicio de sesión',
    signIns_many: '{{count}} inicios de sesión',
    signIns_other: '{{count}} inicios de sesión',
    sops_one: '{{count}} SOP procesado',
    sops_many: '{{count}} SOP procesados',
    sops_other: '{{count}} SOP procesados',
    evaluations_one: '{{count}} evaluación publicada',
    evaluations_many: '{{count}} evaluaciones publicadas',
    evaluations_other: '{{count}} evaluaciones publicadas',
    observations_one: '{{count}} observación completada',
    observations_many: '{{count}} observaciones completadas',
    observations_other: '{{count}} observaciones completadas',
    cameras_one: '{{count}} cámara asignada',
    cameras_many: '{{count}} cámaras asignadas',
    cameras_other: '{{count}} cámaras asignadas',
    organizations_one: '{{count}} organización',
    organizations_many: '{{count}} organizaciones',
    organizations_other: '{{count}} organizaciones',
    samlOrganizations_one: '{{count}} organización SAML',
    samlOrganizations_many: '{{count}} organizaciones SAML',
    samlOrganizations_other: '{{count}} organizaciones SAML',
    admins_one: '{{count}} usuario administrador',
    admins_many: '{{count}} usuarios administradores',
    admins_other: '{{count}} usuarios administradores',
    accounts_one: '{{count}} cuenta de supervisor, gerente u operario',
    accounts_many: '{{count}} cuentas de supervisor, gerente u operario',
    accounts_other: '{{count}} cuentas de supervisor, gerente u operario',
    invited_one: '{{count}} persona invitada',
    invited_many: '{{count}} personas invitadas',
    invited_other: '{{count}} personas invitadas',
  },
  steps: {
    people_none: {
      label: 'Importa o invita a tu personal',
      detail: 'Todavía no hay nadie aparte de los administradores',
    },
    people: {
      label: 'Importa o invita a tu personal',
      detail: '{{members}} aparte de los administradores, {{invitations}}',
    },
    sign_in_saml: {
      label: 'Prueba el inicio de sesión único',
      detail: '{{signIns}} con tu proveedor de identidad',
    },
    sign_in_password: {
      label: 'Prueba el inicio de sesión',
      detail: '{{signIns}} con contraseña',
    },
    first_sop: {
      label: 'Procesa tu primer SOP',
      detail: '{{sops}}',
    },
    first_evaluation: {
      label: 'Publica tu primera evaluación',
      detail: '{{evaluations}}',
    },
    first_observation: {
      label: 'Completa tu primera observación',
      detail: '{{observations}}',
    },
    camera_system: {
      label: 'Conecta un sistema de cámaras',
      detail: '{{cameras}}',
    },
    organization: {
      label: 'Crear la organización',
      detail: '{{organizations}}',
    },
    organization_with_platform: {
      label: 'Crear la organización',
      detail: '{{organizations}}, incluida la de la plataforma (de clientes: {{client}})',
    },
    sso_identifier: {
      label: 'Configurar la organización en Auth0',
      detail: '{{organizations}} con identificador SSO',
    },
    saml_complete: {
      label: 'Configurar SAML SSO si hace falta',
      detail: 'Todas las organizaciones SAML tienen su identificador',
    },
    saml_missing: {
      label: 'Configurar SAML SSO si hace falta',
      detail: '{{samlOrganizations}} sin identificador',
    },
    admins: {
      label: 'Crear usuarios administradores',
      detail: '{{admins}}',
    },
    users: {
      label: 'Importar los usuarios existentes',
      detail: '{{accounts}}',
    },
    settings_saved: {
      label: 'Configurar la organización',
      detail: 'Instrucciones de IA guardadas',
    },
    settings_unsaved: {
      label: 'Configurar la organización',
      detail: 'Instrucciones de IA sin guardar todavía',
    },
    auth_test: {
      label: 'Probar el inicio de sesión',
      detail: '{{signIns}} de usuarios de las organizaciones',
    },
    materials: {
      label: 'Enviar el material de bienvenida',
      detail: '{{accepted}} de {{invited}} terminaron de configurar su cuenta',
    },
  },
};
