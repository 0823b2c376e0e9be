/** A piece of text as placed on the page, in PDF user space (y grows upwards, baseline). */
export interface TextFragment {
  text: string;
  x: number;
  y: number;
  width: number;
  fontSize: number;
  bold: boolean;
}

/** Where an extracted image is painted on the page (PDF user space; y is its top edge). */
export interface FigurePlacement {
  imageNumber: number;
  page: number;
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
  | { kind: 'figure'; imageNumber: number; page: number };
