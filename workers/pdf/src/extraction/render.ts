import {
  afterFailure,
  checkHeap,
  openDocument,
  PdfLoadError,
  pdfium,
  type PdfiumDocument,
  type PdfiumExports,
} from './pdfium.ts';
import { encodePng, type RasterImage } from './png.ts';

/** OCR reads best at about 200 dpi; PDF units are 1/72 inch. */
const OCR_SCALE = 200 / 72;
/** Larger pages are rendered at a lower resolution so one page stays a few tens of MB. */
const MAX_PIXELS = 16_000_000;
/** Annotations' appearances are drawn, as a viewer shows the page (and pdf.js drew it). */
const FPDF_ANNOT = 0x01;
/** RGBA in memory rather than PDFium's BGRA: the rows go into the PNG as they are. */
const FPDF_REVERSE_BYTE_ORDER = 0x10;
const OPAQUE_WHITE = 0xffffffff;
const BYTES_PER_PIXEL = 4;

export function renderScale(width: number, height: number): number {
  const pixels = width * height * OCR_SCALE * OCR_SCALE;
  return pixels > MAX_PIXELS ? Math.sqrt(MAX_PIXELS / (width * height)) : OCR_SCALE;
}

/** The page's size in pixels at the OCR scale (its crop box, turned as /Rotate turns it). */
export function renderSize(width: number, height: number): { width: number; height: number } {
  const scale = renderScale(width, height);
  return { width: Math.ceil(width * scale), height: Math.ceil(height * scale) };
}

/**
 * A page of the open document drawn on white, as RGBA rows, its form fields' values included:
 * FPDF_RenderPageBitmap leaves form fields' widgets out (PDFium draws them with FPDF_FFLDraw, in
 * the document's form environment `form`), and a form filled on screen holds its words there.
 */
function drawPage(
  fpdf: PdfiumExports,
  document: PdfiumDocument,
  index: number,
  form: number,
): RasterImage {
  const page =
    index >= 0 && index < document.pageCount ? fpdf.FPDF_LoadPage(document.handle, index) : 0;
  // Nothing inside PDFium went wrong: the instance is kept, as for a file it cannot open.
  if (!page)
    throw new PdfLoadError('UnknownErrorException', `Page ${index + 1} could not be loaded`);
  if (form) fpdf.FORM_OnAfterLoadPage(page, form);
  let bitmap = 0;
  try {
    checkHeap(fpdf);
    const pageWidth = fpdf.FPDF_GetPageWidthF(page);
    const pageHeight = fpdf.FPDF_GetPageHeightF(page);
    if (!(pageWidth > 0 && pageHeight > 0)) {
      throw new PdfLoadError('UnknownErrorException', `Page ${index + 1} has no area`);
    }
    const { width, height } = renderSize(pageWidth, pageHeight);
    bitmap = fpdf.FPDFBitmap_Create(width, height, 1);
    checkHeap(fpdf);
    if (!bitmap) throw new RangeError("PDFium could not hold the page's pixels");
    fpdf.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, OPAQUE_WHITE);
    const flags = FPDF_ANNOT | FPDF_REVERSE_BYTE_ORDER;
    fpdf.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, flags);
    if (form) fpdf.FPDF_FFLDraw(form, bitmap, page, 0, 0, width, height, 0, flags);
    checkHeap(fpdf);
    const rowBytes = width * BYTES_PER_PIXEL;
    const stride = fpdf.FPDFBitmap_GetStride(bitmap);
    const source = new Uint8Array(fpdf.memory.buffer, fpdf.FPDFBitmap_GetBuffer(bitmap));
    // Copied out of PDFium's heap: the bitmap is gone before the PNG is compressed.
    const data =
      stride === rowBytes
        ? source.slice(0, rowBytes * height)
        : copyRows(source, stride, rowBytes, height);
    // Opaque everywhere (drawn over opaque white): RGBA as the canvas pdf.js drew on gave it.
    return { width, height, bitDepth: 8, colourType: 6, rowBytes, data };
  } finally {
    if (bitmap) fpdf.FPDFBitmap_Destroy(bitmap);
    if (form) fpdf.FORM_OnBeforeClosePage(page, form);
    fpdf.FPDF_ClosePage(page);
  }
}

function copyRows(source: Uint8Array, stride: number, rowBytes: number, height: number) {
  const data = new Uint8Array(rowBytes * height);
  for (let row = 0; row < height; row++) {
    data.set(source.subarray(row * stride, row * stride + rowBytes), row * rowBytes);
  }
  return data;
}

/**
 * One page of a PDF drawn by the thread's PDFium instance, as a PNG on white for OCR; throws
 * PdfLoadError (named as pdf.js named its own) for a file it cannot open, and drops the instance
 * after any other failure, as the extraction does (see `afterFailure`).
 */
export async function renderPage(bytes: Uint8Array, pageNumber: number): Promise<Uint8Array> {
  const fpdf = await pdfium();
  let raster: RasterImage;
  try {
    const document = openDocument(fpdf, bytes);
    const formInfo = fpdf.PDFiumExt_OpenFormFillInfo();
    const form = formInfo ? fpdf.PDFiumExt_InitFormFillEnvironment(document.handle, formInfo) : 0;
    try {
      raster = drawPage(fpdf, document, pageNumber - 1, form);
    } finally {
      // The form environment refers to the document: it ends first.
      if (form) fpdf.PDFiumExt_ExitFormFillEnvironment(form);
      if (formInfo) fpdf.PDFiumExt_CloseFormFillInfo(formInfo);
      document.close();
    }
    checkHeap(fpdf);
  } catch (error) {
    throw afterFailure(fpdf, error);
  }
  return encodePng(raster);
}
