import type { TextFragment } from './blocks.ts';
import type { PdfiumExports, Scratch } from './pdfium.ts';

/** A gap wider than this many font sizes inside one text object starts a new fragment, as
 * pdf.js starts a new text item: lines.ts then sees table cells as separate fragments. */
const BREAK_GAP_EM = 1;
/** A character this far off the fragment's baseline (a new line, a superscript) starts another. */
const BASELINE_EM = 0.3;
/** How far the next character of vertical text may be from the last. */
const VERTICAL_STEP_EM = 1.5;
/** A gap this wide between two characters is a space the PDF left out, as pdf.js reads it. */
const WORD_GAP_EM = 0.1;
/** 700 is bold; 600 is the weight PDFium gives "Medium" faces, which pdf.js read as regular. */
const BOLD_WEIGHT = 700;
/** A size this many times off the character's box is not the size the glyphs are drawn at. */
const SIZE_MISMATCH = 3;
/** PDFium's font flag for ForceBold (FXFONT_FORCE_BOLD). */
const FORCE_BOLD = 1 << 18;
const BOLD_NAME = /bold|black|heavy/i;
const FONT_NAME_BYTES = 256;
/** What PDFium gives for a hyphen that ends a line (a word broken across lines). */
const SOFT_HYPHEN = 0x02;

interface View {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

const EVERYWHERE: View = { left: -Infinity, bottom: -Infinity, right: Infinity, top: Infinity };
/** Characters this close outside the page's edge still count as on it (rounding). */
const VIEW_SLACK = 1;

interface Run {
  object: number;
  text: string;
  x: number;
  y: number;
  right: number;
  fontSize: number;
  bold: boolean;
  /** PDFium put a space of its own after the last character (a gap in the text). */
  spaceAfter: boolean;
  lastX: number;
  lastY: number;
}

const fragmentOf = (run: Run): TextFragment => ({
  // A space PDFium saw after the last character stays, as a pdf.js item keeps its trailing one:
  // lines.ts then puts a space before the next fragment (a note mark set smaller, say).
  text: run.spaceAfter ? `${run.text} ` : run.text,
  x: run.x,
  y: run.y,
  width: run.right - run.x,
  fontSize: run.fontSize,
  bold: run.bold,
});

/**
 * Whether a character goes on with the fragment, as pdf.js goes on with a text item: the same
 * font size and weight, on its baseline, without a gap as wide as a table's.
 */
const continues = (run: Run, x: number, y: number, fontSize: number, bold: boolean) =>
  bold === run.bold &&
  Math.abs(fontSize - run.fontSize) <= 0.01 * run.fontSize &&
  Math.abs(y - run.y) <= BASELINE_EM * fontSize &&
  x - run.right <= BREAK_GAP_EM * fontSize &&
  run.right - x <= BREAK_GAP_EM * fontSize;

/** A character of the same text object right above or below the last: text set vertically or
 * turned a quarter, which pdf.js keeps as one item too. */
const goesDown = (run: Run, object: number, x: number, y: number) =>
  object === run.object &&
  Math.abs(x - run.lastX) <= BASELINE_EM * run.fontSize &&
  Math.abs(y - run.lastY) <= VERTICAL_STEP_EM * run.fontSize;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A code beyond Unicode: PDFium hands over a ToUnicode value written as UTF-8 bytes as those
 * bytes (0xE38081 for "、"), which pdf.js decoded; anything else is a broken font's code and
 * becomes the replacement mark, which lines.ts drops.
 */
function beyondUnicode(code: number): string {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(code);
  try {
    return utf8.decode(bytes.subarray(bytes.findIndex((byte) => byte !== 0)));
  } catch {
    return '\uFFFD';
  }
}

const charOf = (code: number) =>
  code <= 0xffff
    ? String.fromCharCode(code)
    : code <= 0x10ffff
      ? String.fromCodePoint(code)
      : beyondUnicode(code);

/**
 * Reads a page's characters from PDFium's text page into fragments as pdf.js makes text items:
 * runs of one font size and weight, broken where a wide gap or another baseline shows a new
 * cell or line.
 */
export class TextReader {
  private readonly fpdf: PdfiumExports;
  private readonly scratch: Scratch;
  private readonly name: Scratch;

  constructor(fpdf: PdfiumExports, scratch: Scratch, name: Scratch) {
    this.fpdf = fpdf;
    this.scratch = scratch;
    this.name = name;
  }

  fragments(page: number): TextFragment[] {
    const textPage = this.fpdf.FPDFText_LoadPage(page);
    if (!textPage) return [];
    try {
      return this.read(textPage, this.view(page));
    } finally {
      this.fpdf.FPDFText_ClosePage(textPage);
    }
  }

  /** The page as shown: its crop box within its media box, as pdf.js's `view`. */
  private view(page: number): View {
    const { fpdf, scratch } = this;
    const box = (read: typeof fpdf.FPDFPage_GetMediaBox): View | null =>
      read(page, scratch.at(0), scratch.at(1), scratch.at(2), scratch.at(3))
        ? {
            left: Math.min(scratch.float(0), scratch.float(2)),
            bottom: Math.min(scratch.float(1), scratch.float(3)),
            right: Math.max(scratch.float(0), scratch.float(2)),
            top: Math.max(scratch.float(1), scratch.float(3)),
          }
        : null;
    const media = box(fpdf.FPDFPage_GetMediaBox) ?? EVERYWHERE;
    const crop = box(fpdf.FPDFPage_GetCropBox) ?? media;
    return {
      left: Math.max(media.left, crop.left) - VIEW_SLACK,
      bottom: Math.max(media.bottom, crop.bottom) - VIEW_SLACK,
      right: Math.min(media.right, crop.right) + VIEW_SLACK,
      top: Math.min(media.top, crop.top) + VIEW_SLACK,
    };
  }

  private read(textPage: number, view: View): TextFragment[] {
    const { fpdf, scratch } = this;
    const fragments: TextFragment[] = [];
    let run: Run | null = null;
    const flush = () => {
      if (run && run.text !== '') fragments.push(fragmentOf(run));
      run = null;
    };
    const count = fpdf.FPDFText_CountChars(textPage);
    for (let index = 0; index < count; index++) {
      // An unsigned int: a broken font's code past 2^31 would read negative.
      const code = fpdf.FPDFText_GetUnicode(textPage, index) >>> 0;
      if (fpdf.FPDFText_IsGenerated(textPage, index)) {
        // PDFium's own spaces mark gaps between words; its line ends are breaks.
        if (code === 0x20 && run) (run as Run).spaceAfter = true;
        else flush();
        continue;
      }
      if (code === 0x0a || code === 0x0d) {
        flush();
        continue;
      }
      fpdf.FPDFText_GetCharOrigin(textPage, index, scratch.at(0), scratch.at(1));
      const x = scratch.double(0);
      const y = scratch.double(1);
      if (x < view.left || x > view.right || y < view.bottom || y > view.top) {
        flush(); // printer's marks outside the page as shown, which pdf.js left out too
        continue;
      }
      const object = fpdf.FPDFText_GetTextObject(textPage, index);
      // FS_RECTF: left, top, right, bottom; the loose box spans the character's advance.
      fpdf.FPDFText_GetLooseCharBox(textPage, index, scratch.at(2));
      const right = Math.max(x, scratch.packedFloatAt(2, 2));
      const height = scratch.packedFloatAt(2, 1) - scratch.packedFloatAt(2, 3);
      const current = run as Run | null;
      // Size and weight are read once a text object: a fragment may run over several (kerning).
      const sameObject = current !== null && current.object === object;
      const fontSize = sameObject ? current.fontSize : this.fontSize(textPage, index, height);
      const bold = sameObject ? current.bold : this.isBold(textPage, index);
      const vertical = current !== null && goesDown(current, object, x, y);
      if (current && !vertical && !continues(current, x, y, fontSize, bold)) flush();
      const open = run as Run | null;
      if (!open) {
        const text = code === SOFT_HYPHEN ? '-' : charOf(code);
        run = { object, text, x, y, right, fontSize, bold, spaceAfter: false, lastX: x, lastY: y };
        continue;
      }
      open.object = object;
      open.lastX = x;
      open.lastY = y;
      const gap = !vertical && x - open.right > WORD_GAP_EM * fontSize;
      if ((open.spaceAfter || gap) && code !== 0x20 && !open.text.endsWith(' ')) open.text += ' ';
      open.spaceAfter = false;
      open.text += code === SOFT_HYPHEN ? '-' : charOf(code);
      open.right = Math.max(open.right, right);
    }
    flush();
    return fragments;
  }

  /**
   * The size as drawn: PDFium gives the font's size and, apart, the text and form matrix. A
   * font with a matrix of its own (a Type 3 font) is drawn at another size than that product:
   * where the character's box is far from it, the box's height is the size.
   */
  private fontSize(textPage: number, index: number, boxHeight: number): number {
    const { fpdf, scratch } = this;
    let size = fpdf.FPDFText_GetFontSize(textPage, index);
    if (fpdf.FPDFText_GetMatrix(textPage, index, scratch.at(4))) {
      // FS_MATRIX a, b, c, d, e, f: the vertical axis (c, d) scales the glyphs' height.
      size *= Math.hypot(scratch.packedFloatAt(4, 2), scratch.packedFloatAt(4, 3));
    }
    const off =
      boxHeight > 0 && (size > boxHeight * SIZE_MISMATCH || size * SIZE_MISMATCH < boxHeight);
    return off ? boxHeight : size;
  }

  private isBold(textPage: number, index: number): boolean {
    const { fpdf, name, scratch } = this;
    if (fpdf.FPDFText_GetFontWeight(textPage, index) >= BOLD_WEIGHT) return true;
    const length = fpdf.FPDFText_GetFontInfo(
      textPage,
      index,
      name.pointer,
      FONT_NAME_BYTES,
      scratch.at(7),
    );
    if ((scratch.int(7) & FORCE_BOLD) !== 0) return true;
    return length > 0 && length <= FONT_NAME_BYTES && BOLD_NAME.test(name.text(length - 1));
  }
}
