import { FAILURE_REASONS } from '@hub/proto/jobs';

/** Names the readers give a file that is no PDF (PDFium's as pdf.js names them, see pdfium.ts). */
const NOT_PDF = new Set(['InvalidPDFException', 'FormatError', 'MissingPDFException']);

/**
 * Why the PDF reader (PDFium, reading the file or drawing a page for OCR) failed on it, as the
 * `{detail}` of pdf_damaged or pdf_reader_crashed: a FAILURE_REASONS sentence chosen by the name
 * of what it threw (and, for the two whose names say little, its words). Those words (an xref
 * offset, a wasm trap's) are the reader's: they are logged, never shown.
 */
export function readerCause(errorName: string | null, message: string): string {
  if (errorName !== null && NOT_PDF.has(errorName)) return FAILURE_REASONS.pdf_cause_not_pdf;
  if (errorName === 'UnknownErrorException' && /security|encrypt/i.test(message)) {
    return FAILURE_REASONS.pdf_cause_security;
  }
  // A wasm stack overflow: PDFium's recursion through nested objects.
  if (errorName === 'RangeError' && /call stack/i.test(message)) {
    return FAILURE_REASONS.pdf_cause_too_deep;
  }
  return FAILURE_REASONS.pdf_cause_reader_failed;
}

/** Why a reading thread died (pdf_reader_crashed's `{detail}`): its error, if it had one. */
export function crashCause(errorName: string | null, message: string): string {
  if (errorName === 'RangeError' && /call stack/i.test(message)) {
    return FAILURE_REASONS.pdf_cause_too_deep;
  }
  return FAILURE_REASONS.pdf_cause_thread_ended;
}
