import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resourceLimits } from 'node:worker_threads';
import { init } from '@embedpdf/pdfium';

/** The wasm heap (a WebAssembly.Memory): growing replaces its buffer. */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

/** The PDFium functions the extraction calls, straight on the wasm exports (pointers are numbers). */
export interface PdfiumExports {
  memory: WasmMemory;
  malloc(size: number): number;
  free(pointer: number): void;
  FPDF_LoadMemDocument(data: number, size: number, password: number): number;
  FPDF_GetLastError(): number;
  FPDF_CloseDocument(document: number): void;
  FPDF_GetPageCount(document: number): number;
  FPDF_LoadPage(document: number, index: number): number;
  FPDF_ClosePage(page: number): void;
  FPDF_GetPageWidthF(page: number): number;
  FPDF_GetPageHeightF(page: number): number;
  FPDFPage_GetMediaBox(
    page: number,
    left: number,
    bottom: number,
    right: number,
    top: number,
  ): number;
  FPDFPage_GetCropBox(
    page: number,
    left: number,
    bottom: number,
    right: number,
    top: number,
  ): number;
  FPDFText_LoadPage(page: number): number;
  FPDFText_ClosePage(textPage: number): void;
  FPDFText_CountChars(textPage: number): number;
  FPDFText_GetUnicode(textPage: number, index: number): number;
  FPDFText_IsGenerated(textPage: number, index: number): number;
  FPDFText_GetTextObject(textPage: number, index: number): number;
  FPDFText_GetCharOrigin(textPage: number, index: number, x: number, y: number): number;
  FPDFText_GetLooseCharBox(textPage: number, index: number, rect: number): number;
  FPDFText_GetMatrix(textPage: number, index: number, matrix: number): number;
  FPDFText_GetFontSize(textPage: number, index: number): number;
  FPDFText_GetFontWeight(textPage: number, index: number): number;
  FPDFText_GetFontInfo(
    textPage: number,
    index: number,
    buffer: number,
    length: number,
    flags: number,
  ): number;
  FPDFPage_CountObjects(page: number): number;
  FPDFPage_GetObject(page: number, index: number): number;
  FPDFFormObj_CountObjects(form: number): number;
  FPDFFormObj_GetObject(form: number, index: number): number;
  FPDFPageObj_GetType(object: number): number;
  FPDFPageObj_GetBounds(
    object: number,
    left: number,
    bottom: number,
    right: number,
    top: number,
  ): number;
  FPDFPageObj_GetMatrix(object: number, matrix: number): number;
  FPDFPageObj_SetMatrix(object: number, matrix: number): number;
  FPDFPageObj_HasTransparency(object: number): number;
  FPDFImageObj_GetImagePixelSize(image: number, width: number, height: number): number;
  FPDFImageObj_GetImageFilterCount(image: number): number;
  FPDFImageObj_GetImageFilter(image: number, index: number, buffer: number, length: number): number;
  FPDFImageObj_GetImageMetadata(image: number, page: number, metadata: number): number;
  FPDFImageObj_GetImageDataDecoded(image: number, buffer: number, length: number): number;
  FPDFImageObj_GetRenderedBitmap(document: number, page: number, image: number): number;
  FPDFPageObj_NewImageObj(document: number): number;
  FPDFPageObj_Destroy(object: number): void;
  EPDFImageObj_SetJpeg(
    pages: number,
    count: number,
    image: number,
    data: number,
    length: number,
  ): number;
  FPDFBitmap_Create(width: number, height: number, alpha: number): number;
  FPDFBitmap_FillRect(
    bitmap: number,
    left: number,
    top: number,
    width: number,
    height: number,
    colour: number,
  ): number;
  FPDF_RenderPageBitmap(
    bitmap: number,
    page: number,
    startX: number,
    startY: number,
    sizeX: number,
    sizeY: number,
    rotate: number,
    flags: number,
  ): void;
  /** A form-fill callbacks block of @embedpdf's own (all left empty), for a form environment. */
  PDFiumExt_OpenFormFillInfo(): number;
  PDFiumExt_CloseFormFillInfo(info: number): void;
  PDFiumExt_InitFormFillEnvironment(document: number, info: number): number;
  PDFiumExt_ExitFormFillEnvironment(form: number): void;
  FORM_OnAfterLoadPage(page: number, form: number): void;
  FORM_OnBeforeClosePage(page: number, form: number): void;
  FPDF_FFLDraw(
    form: number,
    bitmap: number,
    page: number,
    startX: number,
    startY: number,
    sizeX: number,
    sizeY: number,
    rotate: number,
    flags: number,
  ): void;
  FPDFBitmap_GetWidth(bitmap: number): number;
  FPDFBitmap_GetHeight(bitmap: number): number;
  FPDFBitmap_GetStride(bitmap: number): number;
  FPDFBitmap_GetFormat(bitmap: number): number;
  FPDFBitmap_GetBuffer(bitmap: number): number;
  FPDFBitmap_Destroy(bitmap: number): void;
}

let loading: Promise<PdfiumExports> | null = null;

/** The extraction thread's heap limit (SandboxPool's `memoryMb`); none outside a thread. */
const heapLimitBytes = (resourceLimits.maxOldGenerationSizeMb ?? 0) * 2 ** 20;
const WASM_PAGE_BYTES = 65_536;
/** PDFium asked to grow its heap past the limit and was refused (see `capGrowth`). */
let refused = false;

/**
 * PDFium's heap is outside the JavaScript heap the thread's limit bounds, and may grow to 2 GB:
 * growing past the limit is refused, so a page asking for more fails inside PDFium (an
 * allocation it does without, or a trap) at the limit rather than being found over it after.
 */
function capGrowth(memory: WasmMemory): void {
  if (heapLimitBytes <= 0) return;
  const grow = memory.grow.bind(memory);
  memory.grow = (pages: number) => {
    if (memory.buffer.byteLength + pages * WASM_PAGE_BYTES > heapLimitBytes) {
      refused = true;
      throw new RangeError("PDFium's heap would pass the thread's memory limit");
    }
    return grow(pages);
  };
}

/** emscripten's lines on a growth refused: `growMemory: ...` and `Failed to grow the heap ...`. */
const GROWTH_REFUSED = /^(growMemory:|Failed to grow the heap)/;

async function load(): Promise<PdfiumExports> {
  // The wasm is read from the package's own file: nothing is fetched.
  const wasmPath = createRequire(import.meta.url).resolve('@embedpdf/pdfium/pdfium.wasm');
  const wasmBinary = readFileSync(wasmPath);
  const module = await init({
    wasmBinary: wasmBinary.buffer as ArrayBuffer,
    // A growth refused at the limit is the memory failure; emscripten's lines on it are noise.
    printErr: (text: string) => {
      if (!GROWTH_REFUSED.test(text)) console.error(text);
    },
  });
  module.PDFiumExt_Init();
  const fpdf = module.pdfium.wasmExports as unknown as PdfiumExports;
  capGrowth(fpdf.memory);
  return fpdf;
}

/** The thread's one PDFium instance, loaded on first use (its compilation costs ~0.5 s). */
export function pdfium(): Promise<PdfiumExports> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** PDFium's heap reached the thread's memory limit: the document needs more than allowed. */
export class PdfiumMemoryError extends Error {
  override readonly name = 'PdfiumMemoryError';

  constructor(fpdf: PdfiumExports) {
    super(`PDFium's heap reached ${Math.round(fpdf.memory.buffer.byteLength / 2 ** 20)} MB`);
  }
}

/** Throws once PDFium's heap is at the thread's limit, as the thread's own heap would end it. */
export function checkHeap(fpdf: PdfiumExports): void {
  if (refused || (heapLimitBytes > 0 && fpdf.memory.buffer.byteLength > heapLimitBytes)) {
    throw new PdfiumMemoryError(fpdf);
  }
}

/**
 * What a failed extraction throws, the instance dropped unless the document could not be opened:
 * an error thrown inside PDFium (a trap, a stack overflow) leaves its heap unusable, and a heap at
 * the limit is the memory failure whatever PDFium made of it. The next document loads a fresh one.
 */
export function afterFailure(fpdf: PdfiumExports, error: unknown): unknown {
  if (error instanceof PdfLoadError && !refused) return error;
  const overLimit = refused && !(error instanceof PdfiumMemoryError);
  loading = null;
  refused = false;
  return overLimit ? new PdfiumMemoryError(fpdf) : error;
}

/** An error named as pdf.js names its own, so the worker's failure reasons stay as they were. */
export class PdfLoadError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

const FPDF_ERR_PASSWORD = 4;
const FPDF_ERR_SECURITY = 5;

function loadError(code: number): PdfLoadError {
  if (code === FPDF_ERR_PASSWORD) {
    return new PdfLoadError('PasswordException', 'No password given');
  }
  if (code === FPDF_ERR_SECURITY) {
    return new PdfLoadError('UnknownErrorException', 'Unsupported security scheme');
  }
  return new PdfLoadError('InvalidPDFException', 'Invalid PDF structure');
}

/** An open document, its bytes copied into PDFium's heap for as long as it is open. */
export interface PdfiumDocument {
  handle: number;
  pageCount: number;
  close(): void;
}

export function openDocument(fpdf: PdfiumExports, bytes: Uint8Array): PdfiumDocument {
  const data = fpdf.malloc(Math.max(1, bytes.length));
  if (!data) throw new RangeError('PDFium could not hold the file');
  new Uint8Array(fpdf.memory.buffer, data, bytes.length).set(bytes);
  const handle = fpdf.FPDF_LoadMemDocument(data, bytes.length, 0);
  if (!handle) {
    const code = fpdf.FPDF_GetLastError();
    fpdf.free(data);
    throw loadError(code);
  }
  return {
    handle,
    pageCount: fpdf.FPDF_GetPageCount(handle),
    close() {
      fpdf.FPDF_CloseDocument(handle);
      fpdf.free(data);
    },
  };
}

/**
 * A block of PDFium's heap for out-parameters, in 8-byte slots (a double, or a float or int in
 * its first half). The views are made again only when the heap's buffer is replaced as it grows.
 */
export class Scratch {
  readonly pointer: number;
  private readonly fpdf: PdfiumExports;
  private buffer: ArrayBuffer | null = null;
  private f64 = new Float64Array(0);
  private f32 = new Float32Array(0);
  private i32 = new Int32Array(0);

  constructor(fpdf: PdfiumExports, slots: number) {
    this.fpdf = fpdf;
    this.pointer = fpdf.malloc(slots * 8);
  }

  /** Address of the 8-byte slot `slot`. */
  at(slot: number): number {
    return this.pointer + slot * 8;
  }

  private views() {
    const buffer = this.fpdf.memory.buffer;
    if (buffer !== this.buffer) {
      this.buffer = buffer;
      this.f64 = new Float64Array(buffer);
      this.f32 = new Float32Array(buffer);
      this.i32 = new Int32Array(buffer);
    }
  }

  double(slot: number): number {
    this.views();
    return this.f64[this.at(slot) >> 3]!;
  }

  float(slot: number): number {
    this.views();
    return this.f32[this.at(slot) >> 2]!;
  }

  int(slot: number): number {
    this.views();
    return this.i32[this.at(slot) >> 2]!;
  }

  /** The n-th of consecutive floats from `slot` (an FS_RECTF, an FS_MATRIX). */
  packedFloatAt(slot: number, index: number): number {
    this.views();
    return this.f32[(this.at(slot) >> 2) + index]!;
  }

  /** Sets consecutive floats from `slot`. */
  setFloats(slot: number, values: readonly number[]): void {
    this.views();
    this.f32.set(values, this.at(slot) >> 2);
  }

  /** UTF-8 text of `length` bytes from the start of the block. */
  text(length: number): string {
    return Buffer.from(this.fpdf.memory.buffer, this.pointer, length).toString('utf8');
  }

  free(): void {
    this.fpdf.free(this.pointer);
  }
}
