// Draws the app's icons for the web app manifest (web/public/icons/*.png), once; the PNGs are
// committed. Run again after changing the drawing: `node web/scripts/make-icons.mjs`.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = fileURLToPath(new URL('../public/icons/', import.meta.url));
const BLUE = '#2563eb';

/** A document with lines and a check mark, on blue: `inset` leaves a maskable icon's margin. */
function svg(size, { rounded, inset }) {
  const scale = 1 - inset * 2;
  const shift = (512 * inset).toFixed(1);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${rounded ? 96 : 0}" fill="${BLUE}"/>
  <g transform="translate(${shift} ${shift}) scale(${scale})">
    <path d="M136 72h176l80 80v272a24 24 0 0 1-24 24H136a24 24 0 0 1-24-24V96a24 24 0 0 1 24-24z" fill="#fff"/>
    <path d="M312 72v56a24 24 0 0 0 24 24h56z" fill="#bfdbfe"/>
    <rect x="160" y="184" width="136" height="24" rx="12" fill="${BLUE}"/>
    <rect x="160" y="240" width="192" height="24" rx="12" fill="#93c5fd"/>
    <rect x="160" y="296" width="160" height="24" rx="12" fill="#93c5fd"/>
    <path d="M196 380l36 36 76-76" fill="none" stroke="#16a34a" stroke-width="32" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
</svg>`;
}

mkdirSync(out, { recursive: true });
const icons = [
  ['icon-192.png', 192, { rounded: true, inset: 0.04 }],
  ['icon-512.png', 512, { rounded: true, inset: 0.04 }],
  // Maskable: full bleed, the drawing inside the central 80% safe zone.
  ['icon-maskable-512.png', 512, { rounded: false, inset: 0.14 }],
  ['apple-touch-icon.png', 180, { rounded: false, inset: 0.08 }],
];
for (const [name, size, options] of icons) {
  await sharp(Buffer.from(svg(size, options)))
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${out}${name}`);
}
