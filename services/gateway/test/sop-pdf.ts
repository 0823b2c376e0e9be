/** Raw 8-bit RGB pixels, row by row: `width * height * 3` bytes. */
export interface RgbImage {
  width: number;
  height: number;
  rgb: Buffer;
}

/**
 * A valid PDF with one line of Helvetica text per entry (bigger for lines starting with '# '),
 * flowing onto new pages as needed; made here so tests choose exactly what the SOP says. An
 * `image` is painted on the first page, 160 x 120 points at its bottom left (below a page of
 * text that is short enough).
 */
export function sopPdf(lines: string[], options: { image?: RgbImage } = {}): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const pages: string[] = [];
  let current = '';
  let y = 740;
  for (const line of lines) {
    const heading = line.startsWith('# ');
    const size = heading ? 18 : 11;
    if (y < 60) {
      pages.push(current);
      current = '';
      y = 740;
    }
    current += `BT /F1 ${size} Tf 60 ${y} Td (${escape(heading ? line.slice(2) : line)}) Tj ET\n`;
    y -= heading ? 30 : 16;
  }
  pages.push(current);
  if (options.image) pages[0] += 'q 160 0 0 120 60 90 cm /Im1 Do Q\n';
  // 1 catalog, 2 page tree, 3 font, then a page and its content stream for each page.
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '',
    // WinAnsi: the Latin-1 bytes of accented lines (a Spanish or French SOP) read as written.
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  const kids: string[] = [];
  // The image, if any, is the object after the pages.
  const imageId = 3 + pages.length * 2 + 1;
  for (const [index, content] of pages.entries()) {
    const pageId = objects.length + 1;
    kids.push(`${pageId} 0 R`);
    const xObject = options.image && index === 0 ? ` /XObject << /Im1 ${imageId} 0 R >>` : '';
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${pageId + 1} 0 R /Resources << /Font << /F1 3 0 R >>${xObject} >> >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${kids.length} >>`;
  if (options.image) {
    const { width, height, rgb } = options.image;
    objects.push(
      `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${rgb.length} >>\nstream\n${rgb.toString('latin1')}\nendstream`,
    );
  }
  const fixed = objects;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  fixed.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${fixed.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${fixed.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export const COOLING_SOP = [
  '# Cooling Cooked Food',
  'Purpose: cool cooked food quickly so that bacteria cannot grow.',
  'Scope: all kitchen staff who cook, cool or store hot food.',
  '# Protective equipment',
  'Wear heat-resistant gloves and a hairnet when handling hot pans.',
  '# Procedure',
  '1. Check the core temperature of the food with a calibrated probe thermometer.',
  '2. Divide large batches into shallow containers no deeper than 5 cm.',
  '3. Place the containers in the blast chiller within 30 minutes of cooking.',
  '4. Cool the food from 63 °C to 21 °C within 2 hours.',
  '5. Cool the food from 21 °C to 5 °C within a further 4 hours.',
  '6. Label each container with the date, time and your initials.',
  '7. Store the cooled food in the walk-in refrigerator at 3 °C or below.',
  'WARNING: Never leave hot food to cool at room temperature for more than 30 minutes.',
  'CAUTION: Do not stack hot containers, because air must flow around them.',
  'NOTE: Record every temperature check in the cooling log.',
  '# Corrective action',
  'If the food is not below 21 °C after 2 hours, reheat it to 75 °C and start again.',
  'If the food is not below 5 °C after 6 hours in total, throw it away and tell the supervisor.',
];

/** The cooling SOP as a Spanish-speaking kitchen writes it. */
export const ENFRIAMIENTO_SOP = [
  '# Enfriamiento de alimentos cocinados',
  'Objetivo: enfriar rápido los alimentos cocinados para que no crezcan bacterias.',
  'Alcance: todo el personal de cocina que cocina, enfría o guarda comida caliente.',
  '# Procedimiento',
  '1. Comprueba la temperatura interna de los alimentos con un termómetro de sonda calibrado.',
  '2. Reparte las tandas grandes en recipientes poco profundos de 5 cm como máximo.',
  '3. Mete los recipientes en el abatidor antes de 30 minutos después de cocinar.',
  '4. Enfría los alimentos de 63 °C a 21 °C en menos de 2 horas.',
  '5. Enfría los alimentos de 21 °C a 5 °C en las 4 horas siguientes.',
  '6. Etiqueta cada recipiente con la fecha, la hora y tus iniciales.',
  '7. Guarda los alimentos fríos en la cámara a 3 °C o menos.',
  'ADVERTENCIA: Nunca dejes enfriar la comida caliente a temperatura ambiente más de 30 minutos.',
  'PRECAUCIÓN: No apiles los recipientes calientes, porque el aire tiene que circular alrededor.',
  'NOTA: Anota cada control de temperatura en el registro de enfriamiento.',
  '# Acción correctiva',
  'Si los alimentos no bajan de 21 °C en 2 horas, recaliéntalos a 75 °C y empieza de nuevo.',
  'Si los alimentos no bajan de 5 °C en 6 horas en total, tíralos y avisa al supervisor.',
];
