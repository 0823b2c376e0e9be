import type { FailureReasonCode } from '@hub/proto';

/** Why a worker could not process a file, in Spanish (the technical detail stays as written). */
export const failureReasons: Record<FailureReasonCode, string> = {
  pdf_worker_stopped:
    'El procesamiento detuvo dos veces el servicio de PDF; puede que el archivo esté dañado o sea malicioso.',
  processing_timeout: 'El procesamiento tardó demasiado.',
  pdf_memory: 'El documento necesita más memoria que los {{memoryMb}} MB permitidos por archivo.',
  pdf_reader_crashed: 'El lector de PDF se detuvo de forma inesperada: {{detail}}',
  pdf_password: 'El PDF está protegido con contraseña.',
  pdf_damaged: 'El archivo está dañado y no se pudo leer: {{detail}}',
  document_failed: 'No se pudo procesar el documento: {{detail}}',
  upload_unreadable: 'No se pudo leer del almacenamiento el archivo subido: {{detail}}',
  no_text: 'El documento no tiene texto.',
  no_text_ocr_off:
    'El documento no tiene texto y el reconocimiento de texto (OCR) está desactivado.',
  no_text_ocr_none:
    'El documento no tiene texto y el reconocimiento de texto (OCR) no encontró nada.',
  no_text_ocr_failed:
    'El documento no tiene texto y el reconocimiento de texto falló en la página {{page}}: {{detail}}',
  video_worker_stopped:
    'El procesamiento detuvo dos veces el servicio de video; puede que el archivo esté dañado o sea malicioso.',
  video_no_frames: 'El video no tiene imágenes.',
  video_undecodable: 'No se pudo decodificar el video: {{detail}}',
  video_unreadable: 'No se pudo leer el video: {{detail}}',
  video_analysis_failed: 'No se pudo analizar el video: {{detail}}',
  video_analysis_timeout: 'El análisis del video tardó demasiado.',
  video_changed: 'El video cambió mientras se subía.',
  sop_text_unreadable: 'No se pudo leer el texto del SOP "{{title}}": {{detail}}',
  ai_refused: 'El proveedor de IA rechazó la solicitud (HTTP {{status}}): {{detail}}',
  ai_timeout: 'El proveedor de IA no respondió a tiempo.',
  ai_unreachable: 'No hay conexión con el proveedor de IA: {{detail}}',
  ai_preparing_timeout: 'El proveedor de IA tardó demasiado en preparar el video.',
  ai_video_unreadable: 'El proveedor de IA no pudo leer el video: {{detail}}',
  ai_not_json: 'El proveedor de IA no respondió en el formato esperado (JSON).',
  ai_bad_shape: 'La respuesta del proveedor de IA no tiene la forma esperada ({{detail}}).',
};
