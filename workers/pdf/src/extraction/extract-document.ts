import { OPS, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Block, FigureFormat, FigurePlacement, TextFragment } from './blocks.ts';
import {
  bytesHash,
  findImagePaints,
  pixelHash,
  toRaster,
  type DecodedImage,
  type ImagePaint,
} from './images.ts';
import { jpegHeader, passedJpeg } from './jpeg-passthrough.ts';
import { orderPage, type PageLine } from './lines.ts';
import { openPdf } from './pdfjs.ts';
import { encodePng } from './png.ts';
import { renderPagePng } from './render.ts';
import { structureDocument } from './structure.ts';

/** Images smaller than this on either side are icons, bullets or rules, not figures. */
const MIN_IMAGE_SIDE = 16;
/** A page with fewer characters than this has no usable text layer. */
const MIN_TEXT_CHARS = 20;
/** An image covering this much of a page without text is the scan of the page itself. */
const SCAN_COVERAGE = 0.5;
const IMAGE_WAIT_MS = 10_000;

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

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  fontName: string;
}

interface FontLike {
  bold?: boolean;
  black?: boolean;
  name?: string;
}

function isBold(page: PDFPageProxy, fontName: string): boolean {
  if (!page.commonObjs.has(fontName)) return false;
  const font = page.commonObjs.get(fontName) as FontLike | null;
  return Boolean(font?.bold || font?.black || /bold|black|heavy/i.test(font?.name ?? ''));
}

type TextContent = Awaited<ReturnType<PDFPageProxy['getTextContent']>>;

const textItems = (content: TextContent) =>
  content.items.filter(
    (item): item is TextItemLike & typeof item => 'str' in item && item.str !== '',
  );

/** Read after the page's fonts have reached `commonObjs`, which its operator list brings. */
function fragmentsOf(page: PDFPageProxy, items: TextItemLike[]): TextFragment[] {
  return items.map((item) => {
    const [, , c = 0, d = 0, x = 0, y = 0] = item.transform;
    return {
      text: item.str,
      x,
      y,
      width: item.width,
      fontSize: Math.hypot(c, d),
      bold: isBold(page, item.fontName),
    };
  });
}

/**
 * The page's text without its operator list, which costs as much again as the text; only a
 * font no earlier page used needs it (pdf.js hands fonts over only with the operators).
 */
async function textOnlyFragments(page: PDFPageProxy): Promise<TextFragment[]> {
  const items = textItems(await page.getTextContent());
  if (items.some((item) => !page.commonObjs.has(item.fontName))) await page.getOperatorList();
  return fragmentsOf(page, items);
}

function resolveImage(page: PDFPageProxy, paint: ImagePaint): Promise<DecodedImage | null> {
  const source = paint.source;
  if (typeof source !== 'string') return Promise.resolve(source);
  const store = source.startsWith('g_') ? page.commonObjs : page.objs;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), IMAGE_WAIT_MS);
    store.get(source, (data: unknown) => {
      clearTimeout(timer);
      resolve((data as DecodedImage | null) ?? null);
    });
  });
}

const textChars = (fragments: TextFragment[]) =>
  fragments.reduce((sum, fragment) => sum + fragment.text.replace(/\s/g, '').length, 0);

class DocumentExtractor {
  /** Figures in order of appearance, their PNG encoding still running while pages are read. */
  readonly figures: Promise<ExtractedFigure>[] = [];
  private readonly seen = new Set<string>();

  async extractPage(page: PDFPageProxy, pageNumber: number, ocr: boolean) {
    const operators = await page.getOperatorList();
    const { paints, hasAnyImage } = findImagePaints(operators, OPS);
    const fragments = fragmentsOf(page, textItems(await page.getTextContent()));
    const needsOcr = ocr && hasAnyImage && textChars(fragments) < MIN_TEXT_CHARS;
    const [, , pageWidth = 0, pageHeight = 0] = page.view;
    const pageArea = Math.abs(pageWidth * pageHeight);
    const placements: FigurePlacement[] = [];
    for (const paint of paints) {
      const isScan = needsOcr && paint.box.width * paint.box.height >= pageArea * SCAN_COVERAGE;
      if (isScan) continue;
      const placement = await this.extractImage(page, pageNumber, paint);
      if (placement) placements.push(placement);
    }
    return { lines: orderPage(needsOcr ? [] : fragments, placements), needsOcr };
  }

  private async extractImage(page: PDFPageProxy, pageNumber: number, paint: ImagePaint) {
    const image = await resolveImage(page, paint);
    if (!image || image.width < MIN_IMAGE_SIDE || image.height < MIN_IMAGE_SIDE) return null;
    const figure = this.figureOf(image);
    if (!figure || this.seen.has(figure.hash)) return null;
    this.seen.add(figure.hash);
    const imageNumber = this.figures.length + 1;
    const { format, width, height, bytes } = figure;
    this.figures.push(
      bytes.then((data) => ({ imageNumber, page: pageNumber, width, height, format, bytes: data })),
    );
    const { x, y, width: boxWidth } = paint.box;
    return { imageNumber, page: pageNumber, format, x, y: y + paint.box.height, width: boxWidth };
  }

  /** The figure's bytes (a PNG still being encoded) and what makes it a duplicate of another. */
  private figureOf(image: DecodedImage) {
    const jpeg = passedJpeg(image);
    const header = jpeg && jpegHeader(jpeg);
    if (jpeg && header) {
      const { width, height } = header;
      const bytes = Promise.resolve(jpeg);
      return { format: 'jpeg' as const, width, height, hash: bytesHash(jpeg), bytes };
    }
    const raster = toRaster(image);
    if (!raster) return null;
    const { width, height } = image;
    return {
      format: 'png' as const,
      width,
      height,
      hash: pixelHash(raster),
      bytes: encodePng(raster),
    };
  }
}

async function extractPages(
  pdf: PDFDocumentProxy,
  options: ExtractionOptions,
): Promise<Extraction> {
  const extractor = new DocumentExtractor();
  const lines: PageLine[][] = [];
  const scanPages: number[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    options.onProgress?.({ stage: 'extracting', current: number, total: pdf.numPages });
    const page = await pdf.getPage(number);
    if (options.images) {
      const result = await extractor.extractPage(page, number, options.ocr);
      lines.push(result.lines);
      if (result.needsOcr) scanPages.push(number);
    } else {
      lines.push(orderPage(await textOnlyFragments(page), []));
    }
    page.cleanup();
  }
  return {
    pageCount: pdf.numPages,
    pages: structureDocument(lines),
    figures: await Promise.all(extractor.figures),
    scanPages,
  };
}

/** One page of a PDF rendered as a PNG for OCR; throws pdf.js errors for unreadable files. */
export async function renderPage(bytes: Uint8Array, pageNumber: number): Promise<Uint8Array> {
  const pdf = await openPdf(bytes, { decodeImages: true, render: true });
  try {
    const page = await pdf.getPage(pageNumber);
    const png = await renderPagePng(pdf, page);
    page.cleanup();
    return png;
  } finally {
    await pdf.destroy();
  }
}

/** Text structure, figures and the pages to OCR of a PDF; throws pdf.js errors for unreadable files. */
export async function extractDocument(
  bytes: Uint8Array,
  options: ExtractionOptions,
): Promise<Extraction> {
  const pdf = await openPdf(bytes, { decodeImages: options.images, render: false });
  try {
    return await extractPages(pdf, options);
  } finally {
    await pdf.destroy();
  }
}
