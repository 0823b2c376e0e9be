// What face-small-naming.mjs prints of its measurement: distances by face size, and what each
// naming rule would name.

const distance = (a, b) => Math.sqrt(a.reduce((sum, v, i) => sum + (v - b[i]) ** 2, 0));
const isStranger = (shown) => shown.who.startsWith('stranger');

/**
 * Each person's nearest references as a gallery: the references' own embeddings (plain), their
 * flip variants, or (matched) those plus the reference photos' as shown at the face's side.
 */
function gallery(data, nRefs, variant, side) {
  return Object.keys(data.refs).map((person) => {
    const refs = data.refs[person]
      .slice(0, nRefs)
      .map((r) => (['flip', 'jitter', 'subflip'].includes(variant) ? r[variant] : r.plain));
    if (variant === 'matched') {
      for (const r of data.smallRefs[person][side].slice(0, nRefs)) if (r) refs.push(r.plain);
    }
    return { person, refs };
  });
}

/**
 * The shown face's embedding in a variant: the worker's (plain, also for matched, whose change is
 * in the references), flip, up, jitter, or upmean (the mean of plain and up: two samplings of one
 * face averaged).
 */
function embeddingOf(face, variant) {
  if (variant === 'upmean') return face.plain.map((v, i) => (v + face.up[i]) / 2);
  return ['flip', 'up', 'jitter', 'subpixel', 'lmavg', 'subflip', 'subup'].includes(variant)
    ? face[variant]
    : face.plain;
}

/** Each shown face with the gallery's people ranked by distance: best, second and its own. */
function ranked(data, nRefs, variant, shownNow) {
  return shownNow.map((s) => {
    if (!s.face) return { ...s, found: false };
    const embedding = embeddingOf(s.face, variant);
    const people = gallery(data, nRefs, variant, s.side)
      .map(({ person, refs }) => ({
        person,
        d: Math.min(...refs.map((r) => distance(embedding, r))),
      }))
      .sort((a, b) => a.d - b.d);
    const own = people.find((r) => r.person === s.who);
    return { ...s, found: true, best: people[0], second: people[1], own };
  });
}

/** Per side: faces found, their distance to their own references, the nearest stranger. */
function printSides(sides, rows) {
  for (const side of sides) {
    const people = rows.filter((r) => r.side === side && !isStranger(r));
    const found = people.filter((r) => r.found);
    const own = found.map((r) => r.own.d).sort((a, b) => a - b);
    const heights = found.map((r) => r.face.box.height).sort((a, b) => a - b);
    const strangers = rows.filter((r) => r.side === side && isStranger(r) && r.found);
    const nearest = strangers.map((r) => r.best.d).sort((a, b) => a - b);
    console.log(
      `  side ${side}: found ${found.length}/${people.length} (faces ${heights[0]?.toFixed(0)}-${heights.at(-1)?.toFixed(0)} px), ` +
        `own distance median ${own[own.length >> 1]?.toFixed(3)}, max ${own.at(-1)?.toFixed(3)}, nearest is own ${found.filter((r) => r.best.person === r.who).length}; ` +
        `strangers found ${strangers.length}, nearest ${nearest[0]?.toFixed(3) ?? '-'}`,
    );
  }
}

/** Per threshold and margin: the people named right and wrongly, the strangers named. */
function printRules(rows) {
  const shown = rows.filter((r) => !isStranger(r)).length;
  for (const threshold of [0.55, 0.58, 0.6, 0.62]) {
    for (const margin of [0.17, 0.14, 0.12]) {
      let right = 0;
      let wrong = 0;
      let strangersNamed = 0;
      for (const r of rows.filter((row) => row.found)) {
        const ok = r.best.d <= threshold && r.second.d - r.best.d >= margin;
        if (isStranger(r)) strangersNamed += ok ? 1 : 0;
        else if (ok && r.best.person === r.who) right += 1;
        else if (ok) wrong += 1;
      }
      console.log(
        `  threshold ${threshold}, margin ${margin}: named right ${right}/${shown}, wrongly ${wrong}, strangers named ${strangersNamed}`,
      );
    }
  }
}

/**
 * What the worker's own rule names, side by side: a person of several references measured
 * against their mean plus CENTRE_ALLOWANCE (workers/video/src/faces/references.ts, #52), of one
 * against it; threshold 0.55, margin 0.17. The rules above measure against the nearest photo.
 */
function printWorkerRule(data, nRefs, variant, shownNow) {
  const allowance = nRefs > 1 ? 0.02 : 0;
  const measure = nRefs > 1 ? `mean + ${allowance}` : 'the reference';
  // The references as the variant makes them (mirror-averaged for flip, jitter and subflip).
  const centres = gallery(data, nRefs, variant === 'matched' ? 'plain' : variant, 0).map(
    ({ person, refs }) => ({
      person,
      centre: refs[0].map((_, i) => refs.reduce((sum, r) => sum + r[i], 0) / refs.length),
    }),
  );
  for (const side of data.sides) {
    const counts = { shown: 0, right: 0, wrong: 0, strangers: 0 };
    for (const s of shownNow.filter((row) => row.side === side)) {
      if (!isStranger(s)) counts.shown += 1;
      if (!s.face) continue;
      const embedding = embeddingOf(s.face, variant);
      const [best, second] = centres
        .map(({ person, centre }) => ({ person, d: distance(embedding, centre) + allowance }))
        .sort((a, b) => a.d - b.d);
      const named = best.d <= 0.55 && second.d - best.d >= 0.17;
      if (isStranger(s)) counts.strangers += named ? 1 : 0;
      else if (named) counts[best.person === s.who ? 'right' : 'wrong'] += 1;
    }
    console.log(
      `  worker's rule (${measure}, 0.55, margin 0.17), side ${side}: named right ${counts.right}/${counts.shown}, wrongly ${counts.wrong}, strangers named ${counts.strangers}`,
    );
  }
}

/**
 * Distances by side, and what each threshold and margin would name, for one reference and
 * three and each of these variants.
 * @param {string[]} variants
 */
export function report(data, variants) {
  for (const nRefs of [1, 3]) {
    // With three references photos 4-5 are shown, with one photos 2-5; strangers always.
    const shownNow = data.shownFaces.filter(
      (s) => isStranger(s) || s.photo >= (nRefs === 1 ? 2 : 4),
    );
    for (const variant of variants) {
      console.log(`references ${nRefs}, embedding ${variant}:`);
      const rows = ranked(data, nRefs, variant, shownNow);
      printSides(data.sides, rows);
      printRules(rows);
      printWorkerRule(data, nRefs, variant, shownNow);
    }
  }
}
