/**
 * A course's progress is the share of its SOPs the user passed in an observation
 * (CoursesRepository.passedDocuments); it is completed when every one is.
 */
export function progressOf(documentIds: number[], passed: Set<number>): number {
  if (documentIds.length === 0) return 0;
  const done = documentIds.filter((id) => passed.has(id)).length;
  return Math.round((done / documentIds.length) * 1000) / 10;
}
