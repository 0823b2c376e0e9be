import type { ErrorCode } from '@hub/proto';

/** What the web app shows for an API error code, in Spanish (tú, as the rest of the app). */
export const errors: Record<ErrorCode, string> = {
  invalid_credentials: 'Correo o contraseña incorrectos. Inténtalo de nuevo.',
  sign_in_rate_limited:
    'Demasiados intentos de inicio de sesión. Espera un poco y vuelve a intentarlo.',
  session_ended: 'Tu sesión terminó. Vuelve a iniciar sesión.',
  sign_in_required: 'Inicia sesión para continuar.',
  not_permitted: 'No tienes permiso para hacer esto.',
  invitation_invalid: 'Este enlace para crear tu contraseña no es válido o ya caducó.',
  invitation_expired:
    'Este enlace para crear tu contraseña caducó. Pide a tu administrador que te envíe uno nuevo.',
  invitation_used: 'Esta invitación ya se usó. Inicia sesión.',
  invitation_sso_sign_in:
    'Tu organización usa el inicio de sesión único. Inicia sesión con la cuenta de tu organización.',
  account_already_set_up: 'Esta persona ya terminó de configurar su cuenta.',
  setup_photo_required: 'Sube una foto de perfil para terminar de configurar tu cuenta.',
  current_password_incorrect: 'La contraseña actual no es correcta.',
  current_password_rate_limited:
    'Demasiados intentos con una contraseña actual incorrecta. Espera un poco y vuelve a intentarlo.',
  email_change_needs_password: 'Escribe tu contraseña actual para cambiar tu correo.',
  email_change_link_invalid: 'Este enlace de confirmación de correo no es válido o ya caducó.',
  email_change_managed_by_provider:
    'Tu correo lo gestiona el proveedor de identidad de tu organización.',
  email_taken: 'Otra cuenta ya usa esa dirección de correo.',
  user_email_exists: 'Ya existe un usuario con este correo.',
  email_domain_of_another_organization: 'El dominio de este correo pertenece a otra organización.',
  job_function_exists: 'Ya existe un puesto con este nombre.',
  tag_exists: 'Ya existe una etiqueta con este nombre.',
  image_required: 'Selecciona un archivo de imagen.',
  photo_type: 'Selecciona una imagen JPEG o PNG.',
  profile_picture_too_large: 'La foto de perfil debe pesar menos de 5 MB.',
  pdf_required: 'Selecciona un archivo PDF para subir.',
  pdf_too_large: 'El PDF pesa más de 50 MB. Sube un archivo más pequeño.',
  video_required: 'Selecciona un archivo de vídeo para subir.',
  video_type: 'Selecciona un archivo de vídeo válido (MP4, MPEG, MOV, AVI).',
  video_too_large: 'Selecciona un vídeo de menos de 2 GB.',
  video_upload_unconfirmed:
    'Hemos recibido tu vídeo, pero el servicio de vídeo tarda en registrarlo. Revisa la lista de vídeos dentro de un minuto antes de volver a subirlo.',
  face_photo_required: 'Selecciona una foto de la cara.',
  face_photo_type: 'Selecciona una foto JPEG o PNG.',
  face_photo_too_large: 'La foto debe pesar menos de 5 MB.',
  csv_required: 'Elige un archivo CSV.',
  csv_too_large: 'El archivo pesa más de 10 MB. Divídelo en archivos más pequeños.',
  csv_type:
    'Este archivo no es un CSV. Guarda la hoja de cálculo como CSV (UTF-8) y vuelve a intentarlo.',
  document_not_found: 'No se encontró el documento.',
  evaluation_not_found: 'No se encontró la evaluación.',
  user_not_found: 'No se encontró el usuario.',
  organization_not_found: 'No se encontró la organización.',
  sensor_token_invalid: 'Token de sensor no válido.',
  job_function_not_found: 'No se encontró el puesto.',
  recommendation_not_found: 'No se encontró la recomendación.',
  session_not_found: 'No se encontró esta sesión o ya terminó.',
  file_link_expired: 'Este enlace caducó. Vuelve a abrir el archivo.',
  observation_already_completed: 'Esta observación ya está completada.',
  observation_key_of_another_question:
    'Esta clave de idempotencia ya se usó para otra pregunta de esta observación.',
  observation_key_of_another_observation:
    'Esta clave de idempotencia ya se usó para iniciar otra observación.',
  observation_findings_limit: 'Una observación puede tener como máximo {{limit}} hallazgos.',
  recommendation_decided: 'Esta recomendación ya no está activa.',
  acknowledged_version_not_current:
    'Se subió una versión más reciente de este SOP. Léela antes de confirmar su lectura.',
  acknowledged_version_processing:
    'Esta versión del SOP aún se está procesando. Confirma su lectura cuando su contenido esté listo.',
  retry_only_failed: 'Solo se puede reintentar un documento cuyo procesamiento falló.',
  evaluation_changed:
    'Otra persona cambió esta evaluación. Recarga para ver la versión más reciente.',
  course_changed: 'Otra persona cambió este curso. Recarga para ver la versión más reciente.',
  option_required: 'Elige una opción para continuar.',
  document_with_evaluation_required: 'Selecciona un documento que tenga evaluación.',
  observe_self: 'Elige a otro operario: no puedes observarte a ti mismo.',
  observe_not_observable:
    'Elige a otro operario: solo se puede observar a operarios y supervisores de formación activos.',
  question_not_in_observation: 'Esa pregunta no forma parte de esta observación.',
  observation_own: 'No puedes registrar tu propia observación.',
  evaluation_observed:
    'Te están observando en este SOP. Su evaluación podrá editarse cuando se complete tu observación.',
  observation_of_observed_sop:
    'Te están observando en este SOP. Podrás leer otras observaciones suyas cuando termine la tuya.',
  observing_while_observed:
    'Te están observando en este SOP. Podrás observar a otras personas en él cuando termine tu observación.',
  evaluation_unpublished:
    'Esta evaluación aún no está publicada. Publícala antes de empezar una observación.',
  course_sops_unpublished: 'Estos SOP no tienen ninguna evaluación publicada: {{titles}}.',
  members_unknown: 'Algunas de estas personas no son miembros de tu organización.',
  sops_unknown: 'Algunos de estos SOP no son SOP procesados de tu organización.',
  video_sops_invalid: 'Solo puedes vincular a un vídeo SOP procesados de tu organización.',
  camera_sops_invalid:
    'Solo se pueden asignar a la cámara SOP procesados de la organización de la cámara.',
  camera_unknown: 'El sistema de cámaras no tiene esa cámara.',
  organization_required: 'Elige una organización.',
  password_too_common: 'Esta contraseña es demasiado común. Elige una más difícil de adivinar.',
  picture_unreadable: 'No se pudo abrir la imagen. Sube una foto JPEG o PNG.',
  picture_upload_missing: 'No se encontró la foto que subiste. Vuelve a subirla.',
  reference_limit:
    'Cada persona puede tener como máximo {{limit}} fotos de referencia. Borra una antes de añadir otra.',
  review_member_required: 'Elige a un miembro de tu organización.',
  review_no_report: 'Este vídeo no tiene ningún informe de análisis que revisar.',
  review_face_not_identified: 'Esta cara ya no está identificada. Vuelve a cargar el informe.',
  review_face_named: 'Esta cara ya tiene nombre. Vuelve a cargar el informe.',
  review_face_unknown: 'Esta cara no está en el informe. Vuelve a cargar el informe.',
  review_report_replaced:
    'Un análisis nuevo ha sustituido este informe. Vuelve a cargar el informe.',
  review_analysis_running:
    'Este vídeo se está analizando de nuevo. Revisa sus caras cuando termine el análisis.',
  review_analysis_failed:
    'El último análisis de este vídeo ha fallado. Analízalo de nuevo para revisar sus caras.',
  review_member_seen_together:
    '{{name}} ya está identificado en los mismos fotogramas de este vídeo: dos caras vistas a la vez no pueden ser la misma persona.',
  unknown_person_none_named:
    'No se ha podido nombrar ahora ninguna cara de esta persona: sus vídeos se están analizando de nuevo o su análisis ha fallado, o el miembro aparece junto a ella.',
  webhook_address_refused: 'Esta dirección no puede recibir webhooks: {{detail}}.',
  webhook_endpoint_limit:
    'Una organización puede tener como máximo {{limit}} webhooks. Quita uno primero.',
  saml_certificate_invalid:
    'El certificado de firma no es un certificado X.509 válido (PEM o base64).',
  saml_metadata_unusable: 'No se pueden usar los metadatos del proveedor de identidad: {{detail}}',
  saml_settings_incomplete: 'Faltan datos en la configuración del proveedor de identidad.',
  current_session_not_ended: 'Para terminar esta sesión, cierra sesión.',
  csv_columns_missing:
    'La primera fila debe tener los nombres de las columnas, en español o en inglés: correo electrónico (email), nombre (name; o nombre y apellidos), rol (role), puesto (job functions); idioma (language) y zona horaria (time zone) son opcionales. Falta la columna "{{column}}".',
  csv_unreadable: 'No se pudo leer el archivo como CSV: {{detail}}',
  csv_empty: 'El archivo está vacío.',
  parent_folder_missing: 'La carpeta superior no existe.',
  folder_missing: 'Esa carpeta no existe.',
  reading_in_future: 'La lectura tiene una fecha futura.',
  area_name_unknown: 'No hay ninguna zona con ese nombre.',
  floor_area_limit:
    'Una organización puede tener como máximo {{limit}} zonas. Elimina una primero.',
  floor_station_limit:
    'Una organización puede tener como máximo {{limit}} estaciones. Elimina una primero.',
  sensor_reading_empty:
    'La lectura no mide nada: envía temperature, humidity, airQuality o noiseLevel.',
  account_suspended: 'Tu organización suspendió tu cuenta. Habla con tu administrador.',
  account_not_active:
    'Tu cuenta aún no está activa. Termina de configurarla desde el correo de invitación.',
  invitation_send_failed: 'No se pudo enviar la invitación: {{detail}}',
  organization_domain_exists: 'Ya existe una organización con este dominio.',
  own_organization_undeletable: 'No se puede eliminar la organización del superadministrador.',
  super_admin_undeletable: 'La cuenta del superadministrador no se puede eliminar aquí.',
  sso_organization_in_use: 'Otra organización ya usa este ID de organización de Auth0.',
  csv_too_many_rows: 'El archivo tiene más de 100.000 filas. Divídelo en archivos más pequeños.',
  camera_already_assigned: 'Esta cámara ya está asignada a una organización.',
  area_exists: 'Ya hay una zona con este nombre.',
  station_exists: 'Esta zona ya tiene un puesto de trabajo con este nombre.',
  credentials_unreadable:
    'No se pueden leer las credenciales guardadas con las claves configuradas; vuelve a configurar la integración.',
  document_not_processed: 'El documento debe estar procesado antes de generar una evaluación.',
  course_not_completed: 'Termina el curso antes de valorarlo.',
  video_already_analysing: 'Este vídeo ya se está analizando. Espera a que termine el análisis.',
  observation_not_found: 'No se encontró la sesión de observación.',
  finding_not_found: 'No se encontró el hallazgo.',
  certification_not_found: 'No se encontró la certificación.',
  certificate_code_unknown: 'Ningún certificado tiene este código de verificación.',
  course_not_found: 'No se encontró el curso.',
  team_member_not_found: 'No se encontró a esta persona del equipo.',
  people_import_not_found: 'No se encontró esta importación.',
  people_import_invitations_not_sent:
    'No se pudieron enviar las invitaciones (personas afectadas: {{number}}; {{detail}}). Reanuda la importación para enviarlas.',
  people_import_stopped_by_restore:
    'Detenida por la restauración de una copia de seguridad. Reanuda la importación para terminarla.',
  people_import_interrupted:
    'Detenida: el proceso que la aplicaba se interrumpió más de una vez. Reanuda la importación para terminarla.',
  people_import_lost:
    'Detenida: su tarea se perdió de la cola de importaciones. Reanuda la importación para terminarla.',
  people_import_failed:
    'Un error inesperado detuvo la importación. Reanuda la importación para terminarla.',
  member_not_in_organization: 'Esta persona no es miembro de tu organización.',
  people_changed_while_read:
    'Las personas cambiaron mientras se leía la lista. Inténtalo de nuevo.',
  webhook_delivery_in_flight:
    'Este envío aún se está realizando o espera su próximo intento. Reenvíalo cuando se haya entregado o haya fallado.',
  webhook_endpoint_disabled:
    'Este endpoint está desactivado: no se le envía nada. Actívalo de nuevo para enviar.',
  version_not_found: 'No se encontró la versión.',
  version_content_missing:
    'El contenido de la versión {{version}} aún no está disponible; puede que se esté procesando todavía.',
  document_content_missing:
    'El contenido del documento aún no está disponible; puede que se esté procesando todavía.',
  no_evaluation: 'Este documento no tiene ninguna evaluación.',
  image_not_found: 'No se encontró la imagen.',
  picture_not_found: 'No se encontró la foto.',
  video_not_found: 'No se encontró el vídeo.',
  video_stream_unavailable: 'No se pudo cargar el vídeo.',
  unknown_person_not_found: 'No se encontró a esta persona desconocida. Puede que ya tenga nombre.',
  face_not_found: 'No se encontró la cara.',
  reference_not_found: 'No se encontró la foto de referencia.',
  area_not_found: 'No se encontró la zona.',
  station_not_found: 'No se encontró el puesto de trabajo.',
  camera_not_found: 'No se encontró la cámara.',
  assignment_not_found: 'No se encontró la asignación de la cámara.',
  integration_not_found: 'No se encontró la integración.',
  api_token_not_found: 'No se encontró el token de API.',
  scim_token_not_found: 'No se encontró el token de SCIM.',
  webhook_not_found: 'No se encontró el webhook.',
  delivery_not_found: 'No se encontró el envío.',
  notification_not_found: 'No se encontró la notificación.',
  saml_not_configured:
    'El inicio de sesión único no está configurado para esta organización. Habla con tu administrador.',
  saml_unknown_organization: 'Ninguna organización SAML tiene este identificador.',
  credentials_required: 'Escribe tu correo y tu contraseña.',
  password_too_short: 'La contraseña debe tener al menos 8 caracteres.',
  setup_link_incomplete: 'Este enlace para crear tu contraseña no es válido o está incompleto.',
  name_required: 'Escribe un nombre.',
  folder_name_required: 'Escribe un nombre para la carpeta.',
  tag_name_required: 'Escribe un nombre para la etiqueta.',
  tag_color_required: 'Elige un color.',
  version_changes_required: 'Describe qué cambió en esta versión.',
  job_function_name_required: 'Escribe un nombre para el puesto.',
  job_function_name_too_long: 'El nombre del puesto puede tener como máximo 120 caracteres.',
  job_function_too_many_sops: 'Un puesto puede exigir como máximo {{limit}} SOP.',
  course_difficulty_choice: 'Elige el nivel: Básico, Intermedio o Avanzado.',
  operator_required: 'Elige al operario que vas a observar.',
  finding_severity_required: 'Elige la gravedad.',
  finding_category_required: 'Elige una categoría.',
  finding_note_required: 'Describe lo que encontraste.',
  pass_mark_range: 'La nota mínima debe estar entre 1 y 100.',
  validity_range: 'La validez debe estar entre 1 y 120 meses.',
  revocation_reason_required: 'Indica por qué retiras esta certificación.',
  evaluation_questions_required: 'Una evaluación necesita al menos una pregunta.',
  question_text_too_short: 'Una pregunta necesita al menos 5 caracteres.',
  question_too_few_options: 'Una pregunta necesita al menos 3 opciones.',
  options_not_empty: 'Las opciones no pueden estar vacías.',
  options_distinct: 'Las opciones deben ser todas distintas.',
  correct_answer_an_option: 'La respuesta correcta debe ser una de las opciones.',
  course_sops_required: 'Añade al menos un SOP al curso.',
  due_date_format: 'Escribe la fecha límite como día (AAAA-MM-DD).',
  rating_range: 'Puntúa de 1 a 5 estrellas.',
  token_name_required: 'Ponle un nombre al token.',
  token_name_too_long: 'El nombre del token puede tener como máximo 80 caracteres.',
  scim_token_name_required: 'Ponle un nombre al token (por ejemplo, "Okta").',
  webhook_events_required: 'Elige al menos un evento.',
  https_address_required: 'Escribe una dirección que empiece por https://.',
  webhook_address_credentials:
    'Una dirección de webhook no puede llevar usuario ni contraseña: cada envío va firmado con el secreto del webhook, y tu receptor comprueba esa firma.',
  domain_format: 'Escribe un dominio, por ejemplo acme.com.',
  api_base_url_format: 'La URL base de la API debe empezar por http:// o https://.',
  camera_system_address_credentials:
    'Una URL base de la API no puede llevar usuario ni contraseña: el ID y el secreto del cliente sirven para iniciar sesión.',
  prompt_too_long: 'Las instrucciones pueden tener como máximo 20.000 caracteres.',
  recording_date_invalid: 'La fecha de grabación no es una fecha válida.',
  recording_date_future: 'La fecha de grabación no puede ser futura.',
  presence_retention_minimum: 'Guarda los eventos de presencia al menos 1 día.',
  retention_whole_days: 'La conservación debe ser un número entero de días.',
  invalid_field: 'Revisa los datos que escribiste.',
  storage_unavailable:
    'Ahora mismo no se pueden guardar ni leer archivos (no hay conexión con el almacén de archivos). No se guardó nada; vuelve a intentarlo en unos minutos.',
  storage_full:
    'El almacén de archivos está lleno, así que este archivo no se guardó. Vuelve a intentarlo más tarde o pide a tu administrador que libere espacio.',
  broker_unavailable:
    'El servicio no está disponible por un momento (no hay conexión con su intermediario de mensajes, Redis). Vuelve a intentarlo en unos segundos.',
  internal: 'Algo salió mal de nuestro lado. Vuelve a intentarlo.',
};
