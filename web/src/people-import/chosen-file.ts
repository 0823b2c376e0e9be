/** What the page reads of its file input. */
export interface FileInput {
  files: ArrayLike<File> | null;
  value: string;
}

/**
 * The file just chosen in the input, if any; the input is emptied, as a browser fires no change
 * for the file it already holds: the same file, corrected after its preview and chosen again,
 * would otherwise not be checked again, and Apply would send the version first uploaded.
 */
export function takeChosenFile(input: FileInput): File | undefined {
  const file = input.files?.[0];
  input.value = '';
  return file;
}
