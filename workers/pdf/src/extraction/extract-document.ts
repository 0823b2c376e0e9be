import type { Block, FigureFormat, FigurePlacement, TextFragment } from './blocks.ts';
import { bytesHash, pixelHash } from './images.ts';
import { orderPage, type PageLine } from './lines.ts';
import {
  afterFailure,
  checkHeap,
  openDocument,
  pdfium,
  Scratch,
  type PdfiumDocument,
  type PdfiumExports,
} from './pdfium.ts';
import { ImageReader, type ImageContent, type PageImage } from './pdfium-images.ts';
import { TextReader } from './pdfium-text.ts';
import { encodePng } from './png.ts';
import { structureDocument } from './structure.ts';

/** Images smaller than this on either side are icons, bullets or rules, not figures. */
const MIN_IMAGE_SIDE = 16;
/** A page with fewer characters than this has no usable text layer. */
const MIN_TEXT_CHARS = 20;
/** An image covering this much of a page without text is the scan of the page itself. */
const SCAN_COVERAGE = 0.5;
export interface ExtractedFigure {
  imageNumber: number;
  page: number;
  width: number;
  height: number;
  /** PNG, or a JPEG kept as the PDF holds it (see jpeg-passthrough.ts). */
  format: FigureFormat;
  bytes: Uint8Array;
}

export interface Extraction {
  pageCount: number;
  /** The blocks of each page; OCR text of scanned pages is added later. */
  pages: Block[][];
  figures: ExtractedFigure[];
  /** Pages without a text layer, for OCR (each one a page job, see pages/page-jobs.ts). */
  scanPages: number[];
}

export interface ExtractionProgress {
  stage: 'extracting' | 'ocr';
  current: number;
  total: number;
}

export interface ExtractionOptions {
  /** Whether pages without text are listed for OCR (scanPages). */
  ocr: boolean;
  /**
   * Whether images are decoded and written as figures. Without them only the text is read (a
   * re-index of text after an upgrade): no figures, and no scans since a scan is an image.
   */
  images: boolean;
  onProgress?: (progress: ExtractionProgress) => void;
}

const textChars = (fragments: TextFragment[]) =>
  fragments.reduce((sum, fragment) => sum + fragment.text.replace(/\s/g, '').length, 0);

/** The figure's bytes (a PNG still being encoded) and what makes it a duplicate of another. */
function figureOf(content: ImageContent) {
  if (content.format === 'jpeg') {
    const { width, height, bytes } = content;
    return {
      format: content.format,
      width,
      height,
      hash: bytesHash(bytes),
      bytes: Promise.resolve(bytes),
    };
  }
  const { raster } = content;
  const { width, height } = raster;
  return {
    format: content.format,
    width,
    height,
    hash: pixelHash(raster),
    bytes: encodePng(raster),
  };
}

/** Reads one document's pages through the thread's PDFium instance. */
class DocumentExtractor {
  /** Figures in order of appearance, their PNG encoding still running while pages are read. */
  readonly figures: Promise<ExtractedFigure>[] = [];
  private readonly seen = new Set<string>();
  private readonly fpdf: PdfiumExports;
  private readonly document: PdfiumDocument;
  private readonly text: TextReader;
  private readonly images: ImageReader;

  constructor(fpdf: PdfiumExports, document: PdfiumDocument, scratch: Scratch, name: Scratch) {
    this.fpdf = fpdf;
    this.document = document;
    this.text = new TextReader(fpdf, scratch, name);
    this.images = new ImageReader(fpdf, scratch);
  }

  /** The page's lines, and whether it is a scan for OCR; a page PDFium cannot load is empty. */
  readPage(index: number, options: ExtractionOptions) {
    const page = this.fpdf.FPDF_LoadPage(this.document.handle, index);
    if (!page) return { lines: [], needsOcr: false };
    try {
      checkHeap(this.fpdf);
      const fragments = this.text.fragments(page);
      if (!options.images) return { lines: orderPage(fragments, []), needsOcr: false };
      return this.withImages(page, index + 1, fragments, options.ocr);
    } finally {
      this.fpdf.FPDF_ClosePage(page);
    }
  }

  private withImages(page: number, pageNumber: number, fragments: TextFragment[], ocr: boolean) {
    const { images, hasAnyImage } = this.images.pageImages(page);
    const needsOcr = ocr && hasAnyImage && textChars(fragments) < MIN_TEXT_CHARS;
    const pageArea = Math.abs(
      this.fpdf.FPDF_GetPageWidthF(page) * this.fpdf.FPDF_GetPageHeightF(page),
    );
    const placements: FigurePlacement[] = [];
    for (const image of images) {
      const isScan = needsOcr && image.box.width * image.box.height >= pageArea * SCAN_COVERAGE;
      if (isScan) continue;
      const placement = this.extractImage(page, pageNumber, image);
      if (placement) placements.push(placement);
    }
    return { lines: orderPage(needsOcr ? [] : fragments, placements), needsOcr };
  }

  private extractImage(page: number, pageNumber: number, image: PageImage) {
    const size = this.images.pixelSize(image.object);
    if (!size || size.width < MIN_IMAGE_SIDE || size.height < MIN_IMAGE_SIDE) return null;
    const content = this.images.content(this.document.handle, page, image.object);
    checkHeap(this.fpdf);
    const figure = content && figureOf(content);
    if (!figure || this.seen.has(figure.hash)) return null;
    this.seen.add(figure.hash);
    const imageNumber = this.figures.length + 1;
    const { format, width, height, bytes } = figure;
    this.figures.push(
      bytes.then((data) => ({ imageNumber, page: pageNumber, width, height, format, bytes: data })),
    );
    const { x, y, width: boxWidth, height: boxHeight } = image.box;
    return { imageNumber, page: pageNumber, format, x, y: y + boxHeight, width: boxWidth };
  }
}

function extractPages(fpdf: PdfiumExports, document: PdfiumDocument, options: ExtractionOptions) {
  const scratch = new Scratch(fpdf, 8);
  const name = new Scratch(fpdf, 32);
  try {
    const extractor = new DocumentExtractor(fpdf, document, scratch, name);
    const lines: PageLine[][] = [];
    const scanPages: number[] = [];
    const total = document.pageCount;
    for (let index = 0; index < total; index++) {
      options.onProgress?.({ stage: 'extracting', current: index + 1, total });
      const page = extractor.readPage(index, options);
      lines.push(page.lines);
      if (page.needsOcr) scanPages.push(index + 1);
    }
    return { lines, scanPages, figures: extractor.figures };
  } finally {
    name.free();
    scratch.free();
  }
}

/**
 * Text structure, figures and the pages to OCR of a PDF, read with PDFium; throws errors named
 * as pdf.js names them (PasswordException, InvalidPDFException) for files it cannot open.
 */
export async function extractDocument(
  bytes: Uint8Array,
  options: ExtractionOptions,
): Promise<Extraction> {
  const fpdf = await pdfium();
  let read;
  try {
    const document = openDocument(fpdf, bytes);
    try {
      read = extractPages(fpdf, document, options);
    } finally {
      document.close();
    }
    // What grew the heap after the last page's checks (its text, the page tree) counts too: an
    // instance left over the limit would fail the next document instead.
    checkHeap(fpdf);
  } catch (error) {
    throw afterFailure(fpdf, error);
  }
  return {
    pageCount: read.lines.length,
    pages: structureDocument(read.lines),
    figures: await Promise.all(read.figures),
    scanPages: read.scanPages,
  };
}
