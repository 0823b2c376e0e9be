import type { tokens as english } from '../en/tokens';
import type { Texts } from '../types';

export const tokens: Texts<typeof english> = {
  name: 'Nombre',
  create: 'Crear token',
  revoke: 'Revocar',
  revokeTitle: '¿Revocar «{{name}}»?',
  notCreatedTitle: 'Token no creado',
  revokedTitle: 'Token revocado',
  revokeFailedTitle: 'No se pudo revocar',
  created: 'Creado el {{when}}',
  createdBy: 'Creado el {{when}} por {{name}}',
  lastUsed: 'Último uso: {{when}}',
  never: 'nunca',
  api: {
    title: 'Tokens de API',
    intro:
      'Deja que tus otros sistemas (RR. HH., LMS, BI) llamen a la API con <code>Authorization: Bearer</code>, nunca más allá del rol que elijas.',
    namePlaceholder: 'Por ejemplo: sincronización nocturna del LMS',
    role: 'Actúa con el rol',
    expiresAfter: 'Caduca en',
    expiry: { '30': '30 días', '90': '90 días', '180': '6 meses', '365': '1 año' },
    readOnly: 'Solo lectura (el token solo puede leer, nunca cambiar nada)',
    secretOnce: 'Copia ahora este token: solo se muestra una vez.',
    loadFailed: 'No se pudieron cargar los tokens de API: {{message}}',
    none: 'Todavía no hay tokens de API.',
    roleReadOnly: '{{role}}, solo lectura',
    expires: 'Caduca el {{date}}',
    notCreatedDescription: 'No se pudo crear el token de API.',
    revokeFailedDescription: 'No se pudo revocar el token de API.',
    revokeDescription: 'A partir de ahora se rechaza cualquier petición con este token.',
  },
  scim: {
    title: 'Alta de usuarios (SCIM)',
    intro:
      'Deja que tu proveedor de identidad (Okta, Microsoft Entra ID) dé de alta, actualice y desactive a los miembros y los puestos de tu organización.',
    tokenName: 'Nombre del token',
    namePlaceholder: 'Nombre del token, por ejemplo Okta',
    secretOnce:
      'Copia ahora este token: solo se muestra una vez. Pégalo junto con la URL base en tu proveedor de identidad.',
    baseUrl: 'URL base',
    token: 'Token',
    loadFailed: 'No se pudieron cargar los tokens SCIM: {{message}}',
    none: 'Todavía no hay tokens SCIM.',
    notCreatedDescription: 'No se pudo crear el token SCIM.',
    revokeFailedDescription: 'No se pudo revocar el token SCIM.',
    revokeDescription:
      'Tu proveedor de identidad queda rechazado desde su próxima petición con este token.',
  },
};
