/** A piece of text as placed on the page, in PDF user space (y grows upwards, baseline). */
export interface TextFragment {
  text: string;
  x: number;
  y: number;
  width: number;
  fontSize: number;
  bold: boolean;
}

/** How a figure is stored: PNG, or a JPEG kept as the PDF holds it. */
export type FigureFormat = 'png' | 'jpeg';

/** Where an extracted image is painted on the page (PDF user space; y is its top edge). */
export interface FigurePlacement {
  imageNumber: number;
  page: number;
  format: FigureFormat;
  x: number;
  y: number;
  width: number;
}

export interface ListItem {
  marker: string;
  text: string;
}

/** The structure of the document, from which markdown and plain text are written. */
export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: ListItem[] }
  | { kind: 'table'; rows: string[][] }
  /** `format` is absent in layouts written before JPEG figures were kept: those are PNG. */
  | { kind: 'figure'; imageNumber: number; page: number; format?: FigureFormat };
