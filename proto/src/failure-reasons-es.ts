import type { FailureReasonCode } from './failure-reasons.js';

/**
 * FAILURE_REASONS in Spanish, declared once for both sides that word them: the server's catalog
 * (@hub/kit's notifications and mails) and the web app's
 * (web/src/i18n/locales/es/failure-reasons.ts, where `{name}` is i18next's `{{name}}`).
 * `{name}` is a part the worker filled in; the technical detail stays as written.
 */
export const FAILURE_REASONS_ES: Record<FailureReasonCode, string> = {
  pdf_worker_stopped:
    'El procesamiento detuvo dos veces el servicio de PDF; puede que el archivo esté dañado o sea malicioso.',
  processing_timeout: 'El procesamiento tardó demasiado.',
  pdf_memory: 'El documento necesita más memoria que los {memoryMb} MB permitidos por archivo.',
  pdf_reader_crashed: 'El lector de PDF se detuvo de forma inesperada: {detail}',
  pdf_password: 'El PDF está protegido con contraseña.',
  pdf_damaged: 'El archivo está dañado y no se pudo leer: {detail}',
  document_failed: 'No se pudo procesar el documento: {detail}',
  upload_unreadable: 'No se pudo leer del almacenamiento el archivo subido: {detail}',
  no_text: 'El documento no tiene texto.',
  no_text_ocr_off:
    'El documento no tiene texto y el reconocimiento de texto (OCR) está desactivado.',
  no_text_ocr_none:
    'El documento no tiene texto y el reconocimiento de texto (OCR) no encontró nada.',
  no_text_ocr_failed:
    'El documento no tiene texto y el reconocimiento de texto falló en la página {page}: {detail}',
  video_worker_stopped:
    'El procesamiento detuvo dos veces el servicio de video; puede que el archivo esté dañado o sea malicioso.',
  video_no_frames: 'El video no tiene imágenes.',
  video_undecodable: 'No se pudo decodificar el video: {detail}',
  video_unreadable: 'No se pudo leer el video: {detail}',
  video_analysis_failed: 'No se pudo analizar el video: {detail}',
  video_analysis_timeout: 'El análisis del video tardó demasiado.',
  video_changed: 'El video cambió mientras se subía.',
  sop_text_unreadable: 'No se pudo leer el texto del SOP «{title}»: {detail}',
  ai_refused: 'El proveedor de IA rechazó la solicitud (HTTP {status}): {detail}',
  ai_timeout: 'El proveedor de IA no respondió a tiempo.',
  ai_unreachable: 'No hay conexión con el proveedor de IA: {detail}',
  ai_preparing_timeout: 'El proveedor de IA tardó demasiado en preparar el video.',
  ai_video_unreadable: 'El proveedor de IA no pudo leer el video: {detail}',
  ai_not_json: 'El proveedor de IA no respondió en el formato esperado (JSON).',
  ai_bad_shape: 'La respuesta del proveedor de IA no tiene la forma esperada ({detail}).',
  ai_upload_refused: 'El proveedor de IA rechazó la subida (HTTP {status}): {detail}',
  ai_upload_unreachable: 'Se perdió la conexión con el proveedor de IA durante la subida: {detail}',
  ai_no_upload_address: 'El proveedor de IA no indicó adónde subir el video.',
  ai_upload_undescribed: 'El proveedor de IA no devolvió los datos del video subido.',
  video_storage_unreadable: 'No se pudo leer el video del almacenamiento: {detail}',
  video_frame_unreadable: 'No se pudo leer una imagen del video: {detail}',
  steps_no_provider:
    'El análisis de los pasos frente a los SOP necesita un proveedor de IA: configura GEMINI_API_KEY. La identificación de operadores se hizo sin él.',
  steps_failed:
    'El análisis de los pasos frente a los SOP falló: {detail} La identificación de operadores se hizo sin él.',
  picture_worker_stopped:
    'El procesamiento detuvo dos veces el servicio de video; puede que la imagen esté dañada o sea maliciosa.',
  snapshot_worker_stopped:
    'El procesamiento detuvo dos veces el servicio de video; puede que la captura esté dañada o sea maliciosa.',
  picture_storage_unreadable: 'No se pudo leer la foto de perfil del almacenamiento: {detail}',
  reference_storage_unreadable:
    'No se pudo leer la foto de referencia del almacenamiento: {detail}',
  snapshot_storage_unreadable: 'No se pudo leer la captura del almacenamiento: {detail}',
  picture_not_image: 'La foto de perfil no se pudo abrir como imagen: {detail}',
  snapshot_not_image: 'La captura no se pudo abrir como imagen: {detail}',
  picture_unreadable: 'No se pudo leer la foto de perfil: {detail}',
  snapshot_unreadable: 'No se pudo leer la captura: {detail}',
  picture_failed: 'No se pudo procesar la foto de perfil: {detail}',
  reference_failed: 'No se pudo procesar la foto: {detail}',
  snapshot_failed: 'No se pudo identificar a nadie en la captura: {detail}',
  picture_no_face:
    'No se encontró ninguna cara en la foto de perfil. Usa una foto nítida, de frente.',
  picture_several_faces:
    'En la foto de perfil salen {count} caras. Usa una foto en la que salga solo esta persona.',
  reference_no_face:
    'No se encontró ninguna cara en la foto. Usa una foto nítida de la persona, de frente.',
  reference_several_faces:
    'En la foto salen {count} caras. Usa una foto en la que salga solo esta persona.',
  reference_face_too_small:
    'La cara sale demasiado pequeña en la foto ({pixels} píxeles de ancho). Usa una foto en la que la cara ocupe más espacio.',
  reference_blurred: 'La cara sale borrosa en la foto. Usa una foto nítida, tomada con buena luz.',
  reference_unusable: 'No se pudo usar la foto.',
  face_not_found_again: 'No se volvió a encontrar en el video la cara confirmada.',
  quiz_worker_stopped:
    'La generación de la evaluación detuvo dos veces el servicio de evaluaciones; puede que el SOP sea demasiado grande o malicioso.',
  quiz_sop_unreadable: 'No se pudo leer del almacenamiento el texto del SOP: {detail}',
  quiz_timeout: 'La generación de la evaluación tardó demasiado.',
  quiz_failed: 'No se pudo generar la evaluación: {detail}',
  quiz_invalid: 'La evaluación generada no es válida: {detail}',
  quiz_sop_too_short: 'El texto del SOP es demasiado corto para generar una evaluación.',
  quiz_no_steps:
    'No se encontraron pasos del procedimiento: el documento parece un formulario o una tabla (campos y cifras), así que no se generó ninguna evaluación.',
  quiz_offline_invalid: 'El generador sin conexión escribió una evaluación no válida: {detail}',
  quiz_ai_invalid: 'La respuesta de la IA no era una evaluación válida: {detail}',
  webhook_failing: 'todos los envíos fallaron durante {hours} horas',
  webhook_endpoint_disabled: 'el endpoint está desactivado',
  webhook_attempt_broke:
    'El último intento no se pudo completar aquí. Reenvíalo para mandarlo otra vez.',
  webhook_attempts_interrupted:
    'Detenido: el proceso que lo enviaba se interrumpió durante un intento más de una vez. Reenvíalo para mandarlo.',
  webhook_job_lost:
    'Detenido: sus intentos se perdieron de la cola de envíos. Reenvíalo para mandarlo.',
  webhook_not_queued:
    'No se volvió a enviar: no se pudo acceder a la cola de envíos. Reenvíalo otra vez.',
  webhook_no_answer: 'sin respuesta en {seconds} s',
  webhook_private_network:
    'Esta dirección no puede recibir webhooks: apunta a una red privada o local, a la que los webhooks no pueden llegar.',
  webhook_https_only:
    'Esta dirección no puede recibir webhooks: solo las direcciones https:// reciben webhooks.',
  webhook_unresolved: 'Esta dirección no puede recibir webhooks: su nombre de host no se resuelve.',
  webhook_unresolved_in_time:
    'Esta dirección no puede recibir webhooks: su nombre de host no se resolvió en {seconds} s.',
  document_stalled:
    'El procesamiento se detuvo inesperadamente: el servicio no terminó este documento. Pulse Reintentar para procesarlo de nuevo.',
  document_stalled_cause:
    'El procesamiento se detuvo inesperadamente: el servicio no terminó este documento. Pulse Reintentar para procesarlo de nuevo. ({detail})',
  evaluation_stalled:
    'La generación de la evaluación se detuvo inesperadamente: el servicio no terminó. Pulse Reintentar para generarla de nuevo.',
  evaluation_stalled_cause:
    'La generación de la evaluación se detuvo inesperadamente: el servicio no terminó. Pulse Reintentar para generarla de nuevo. ({detail})',
  evaluation_not_started: 'No se pudo iniciar la generación de la evaluación: {detail}',
  video_analysis_stalled:
    'El análisis se detuvo inesperadamente: el servicio no terminó. Pulse Analizar para ejecutarlo de nuevo.',
  video_analysis_stalled_cause:
    'El análisis se detuvo inesperadamente: el servicio no terminó. Pulse Analizar para ejecutarlo de nuevo. ({detail})',
  snapshot_no_enrolments:
    'Nadie en la organización tiene una foto de perfil registrada con la que comparar la captura.',
  snapshot_stale:
    'No se registró ningún resultado para esta captura en las {hours} horas siguientes a tomarla; se abandonó.',
  snapshot_not_sent: 'No se pudo enviar la captura para su identificación.',
  camera_unreachable: 'No hay conexión con {camera}: {detail}',
  storage_read_missing: 'El archivo no está en el almacenamiento.',
  storage_read_refused: 'El almacenamiento denegó el acceso al archivo.',
  storage_read_failed: 'El almacenamiento respondió con un error.',
  program_not_started: 'No se pudo iniciar el programa {program}.',
  program_stopped: 'El programa {program} se detuvo antes de terminar.',
  pdf_cause_not_pdf: 'Su estructura no es la de un PDF.',
  pdf_cause_security: 'Está cifrado de una forma que no se admite.',
  pdf_cause_too_deep: 'Su contenido está anidado a demasiada profundidad para leerlo.',
  pdf_cause_reader_failed: 'El lector de PDF falló con su contenido.',
  pdf_cause_thread_ended: 'El hilo que lo leía terminó.',
  ocr_cause_engine_failed: 'El motor de reconocimiento de texto falló con la página.',
  ocr_cause_no_result: 'No se guardó ningún texto para la página.',
  network_refused: 'conexión rechazada',
  network_timed_out: 'tiempo de espera agotado',
  network_unresolved: 'nombre no resuelto',
  network_certificate: 'certificado no fiable',
  network_tls: 'falló la conexión segura (TLS)',
  network_reset: 'conexión interrumpida',
  network_unreachable: 'red inaccesible',
  network_failed: 'error de red',
  ai_said_not_accepted: 'No se aceptó la solicitud o la clave de API.',
  ai_said_no_access: 'No se aceptó la clave de API o no tiene acceso.',
  ai_said_not_found: 'No se encontró el modelo o el archivo.',
  ai_said_too_large: 'El archivo es demasiado grande para el proveedor.',
  ai_said_limit: 'Se alcanzó la cuota o el límite de solicitudes.',
  ai_said_overloaded: 'El proveedor está sobrecargado o tuvo un error.',
  ai_said_refused: 'El proveedor se negó.',
  file_read_missing: 'Falta la copia del archivo del servicio.',
  file_read_refused: 'El servicio no tiene permiso para leer su copia del archivo.',
  file_read_failed: 'No se pudo leer la copia del archivo del servicio.',
  ai_request_invalid: 'La solicitud al proveedor de IA no era válida, así que no se envió.',
  quiz_answer_not_json: 'La respuesta no está en formato JSON.',
  quiz_answer_none: 'El proveedor no dio ninguna respuesta: estaba vacía o bloqueada.',
  quiz_draft_no_questions: 'La evaluación no tiene preguntas.',
  quiz_draft_bad_shape: 'La evaluación no tiene la forma esperada.',
  quiz_draft_repeated_option: 'Una pregunta repite una de sus opciones.',
  quiz_draft_catch_all: 'Una pregunta tiene una opción «todas/ninguna de las anteriores».',
  quiz_draft_no_explanation: 'Una pregunta no tiene explicación.',
  quiz_draft_repeated_question: 'Una pregunta aparece dos veces.',
  decode_damaged: 'El archivo está dañado o tiene un formato que no se puede leer.',
  decode_incomplete:
    'El archivo está incompleto o dañado: le falta el índice, como cuando una grabación no terminó o una subida se interrumpió.',
  decode_truncated: 'El archivo termina antes de tiempo: falta una parte.',
  decode_no_video: 'El archivo no contiene ninguna imagen ni vídeo.',
  decode_unsupported: 'El archivo usa un formato o un códec que no se puede decodificar.',
  decode_failed: 'El decodificador se detuvo con un error.',
  camera_system_credentials: 'El sistema de cámaras no aceptó las credenciales de la integración.',
  camera_system_forbidden: 'El sistema de cámaras no dio a esta integración acceso a la cámara.',
  camera_system_no_camera: 'El sistema de cámaras no conoce esta cámara.',
  camera_system_limiting: 'El sistema de cámaras está limitando las solicitudes.',
  camera_system_timed_out: 'El sistema de cámaras no respondió a tiempo.',
  camera_system_unreachable: 'No hay conexión con el sistema de cámaras.',
  camera_system_unavailable: 'El sistema de cámaras no está disponible.',
  camera_system_bad_answer: 'El sistema de cámaras dio una respuesta que no se pudo usar.',
  camera_system_test_failed: 'Falló la prueba de conexión de su sistema de cámaras.',
  camera_integration_unusable: 'No se pudo usar la integración de su sistema de cámaras.',
  camera_list_limited:
    'El sistema de cámaras está limitando las solicitudes: se muestran las primeras {count}.',
  camera_list_limited_retry:
    'El sistema de cámaras está limitando las solicitudes (reintentar en {seconds} s): se muestran las primeras {count}.',
  camera_list_more:
    'El sistema de cámaras tiene más de {max} cámaras: se muestran las primeras {count}.',
  camera_list_small_pages:
    'El sistema de cámaras devuelve menos de {pageMin} cámaras por página: se muestran las primeras {count}.',
  camera_list_slow:
    'El sistema de cámaras respondió demasiado despacio para listar todas las cámaras: se muestran las primeras {count}.',
  camera_system_failed_http: 'El sistema de cámaras falló (HTTP {status}): {detail}',
  camera_system_refused_http: 'El sistema de cámaras rechazó la llamada (HTTP {status}): {detail}',
  camera_system_limiting_said: 'El sistema de cámaras está limitando las solicitudes: {detail}',
  camera_system_limiting_said_retry:
    'El sistema de cámaras está limitando las solicitudes (reintentar en {seconds} s): {detail}',
  camera_system_no_answer_within: 'El sistema de cámaras no respondió en {seconds} s.',
  camera_system_unreachable_at_cause:
    'No se pudo conectar con el sistema de cámaras en {address}: {detail}.',
  camera_system_unreachable_at: 'No se pudo conectar con el sistema de cámaras en {address}.',
  camera_system_circuit_open:
    'El sistema de cámaras falló {count} veces seguidas; las llamadas se reanudan en {seconds} s.',
  camera_system_no_token: 'El sistema de cámaras no respondió con un token de acceso.',
  camera_system_answer_too_large:
    'El sistema de cámaras envió una respuesta mayor que los {megabytes} MB que acepta este servicio.',
  camera_system_sign_in_too_large:
    'El sistema de cámaras envió una respuesta de inicio de sesión mayor que los {megabytes} MB que acepta este servicio.',
  camera_system_page_too_large:
    'El sistema de cámaras envió una página de cámaras mayor que los {megabytes} MB que acepta este servicio.',
  camera_system_snapshot_too_large:
    'El sistema de cámaras envió una instantánea mayor que los {megabytes} MB que acepta este servicio.',
  camera_system_clip_too_large:
    'El sistema de cámaras envió un clip mayor que los {megabytes} MB que acepta este servicio.',
  camera_system_not_json: 'El sistema de cámaras respondió algo que no es JSON.',
  camera_system_clip_unfinished: 'El sistema de cámaras no terminó de exportar el clip.',
  camera_system_download_elsewhere: 'El sistema de cámaras indicó una descarga en otra dirección.',
  camera_pages_no_answer_within:
    'El sistema de cámaras no respondió en los {seconds} s que pueden llevar sus páginas de cámaras.',
  camera_not_found_in_time:
    'El sistema de cámaras respondió demasiado despacio: la cámara no se encontró en {seconds} s.',
  camera_not_within_reach:
    'La cámara no está entre las primeras {count} cámaras del sistema de cámaras.',
  camera_not_in_small_pages:
    'El sistema de cámaras devuelve menos de {pageMin} cámaras por página: la cámara no estaba en sus primeras {count} páginas.',
  unexpected_error: 'Un error inesperado lo detuvo; se puede volver a intentar.',
};
