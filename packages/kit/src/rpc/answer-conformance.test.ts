import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DocumentList, type LibraryDocument } from '@hub/proto';
import { answerConformance } from './answer-conformance.js';

const conforms = (schema: z.ZodType, value: unknown) => {
  const check = answerConformance(schema);
  if (!check) throw new Error('schema not compiled');
  return check(value);
};

const document = (id: number): LibraryDocument => ({
  id,
  _id: id,
  title: `SOP ${id} — Lockout`,
  description: null,
  fileName: `sop-${id}.pdf`,
  fileSize: 1024 * id,
  pageCount: 3,
  uploadedAt: '2026-11-24T10:00:00.000Z',
  uploadedBy: 1,
  folderId: null,
  tags: [{ id: 1, name: 'Safety', color: '#ff0000' }],
  processed: true,
  markdownS3Key: null,
  sopProcessed: true,
  sopError: null,
  ocrProcessed: false,
  ocrError: null,
  evaluationGenerated: true,
  evaluationId: 9,
  evaluationStatus: 'published',
  evaluationGenerationError: null,
  processingError: null,
  imageCount: 0,
  quizGenerated: true,
  quizId: 9,
  progress: { stage: 'done', current: null, total: null, updatedAt: '2026-11-24T10:00:00.000Z' },
  currentVersion: 1,
});

const list = (): DocumentList => ({
  documents: [document(1), document(2)],
  totalCount: 2,
  nextCursor: null,
});

/** Every way one field of a valid answer can go wrong, one at a time. */
function* mutations(value: unknown, path: string[] = []): Generator<[string, unknown]> {
  if (typeof value !== 'object' || value === null) return;
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    const replace = (next: unknown) => withReplaced(value, key, next);
    const where = [...path, key].join('.');
    for (const wrong of [undefined, null, 'text', 1.5, -3, Number.NaN, true, {}, [], ' padded ']) {
      yield [`${where} = ${String(wrong)}`, replace(wrong)];
    }
    yield [`${where} dropped`, withoutKey(value, key)];
    for (const [inner, next] of mutations(child, [...path, key])) yield [inner, replace(next)];
  }
  if (!Array.isArray(value)) yield [`${path.join('.')} + extra`, { ...value, passwordHash: 'x' }];
}

const withReplaced = (value: object, key: string, next: unknown): unknown =>
  Array.isArray(value)
    ? value.map((item, index) => (String(index) === key ? next : item))
    : { ...value, [key]: next };

const withoutKey = (value: object, key: string): unknown =>
  Array.isArray(value)
    ? value.filter((_, index) => String(index) !== key)
    : Object.fromEntries(Object.entries(value).filter(([name]) => name !== key));

describe('answerConformance', () => {
  it('passes an answer that already is what the parse makes of it', () => {
    const answer = list();
    expect(conforms(DocumentList, answer)).toBe(true);
    expect(DocumentList.parse(answer)).toEqual(answer);
  });

  it('never passes a value the parse would refuse or change: every one-field mutation', () => {
    let passed = 0;
    let refused = 0;
    for (const [what, mutated] of mutations(list())) {
      const parsed = DocumentList.safeParse(mutated);
      if (conforms(DocumentList, mutated)) {
        passed += 1;
        expect(parsed.success, what).toBe(true);
        expect(parsed.data, what).toStrictEqual(mutated);
      } else {
        refused += 1;
      }
    }
    // Some mutations are still valid (one nullable for another), most are not.
    expect(passed).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(500);
  });

  it('refuses a field the contract does not name, so the parse drops it', () => {
    const answer = { ...list(), documents: [{ ...document(1), passwordHash: 'secret' }] };
    expect(conforms(DocumentList, answer)).toBe(false);
    expect(JSON.stringify(DocumentList.parse(answer))).not.toContain('secret');
  });

  it('refuses class instances, whose JSON need not be their fields', () => {
    class Answer {
      constructor(readonly text: string) {}
      toJSON() {
        return { text: this.text, secret: 'kept' };
      }
    }
    expect(conforms(z.object({ text: z.string() }), new Answer('hi'))).toBe(false);
    expect(conforms(z.object({ text: z.string() }), { text: 'hi' })).toBe(true);
  });

  it('runs other checks through the schema: a value conforms only when left unchanged', () => {
    const trimmed = z.object({ name: z.string().trim().max(5), id: z.uuid() });
    const id = '0b6f3a52-8f0e-4c5e-9d5e-1f2a3b4c5d6e';
    expect(conforms(trimmed, { name: 'Ada', id })).toBe(true);
    expect(conforms(trimmed, { name: ' Ada ', id })).toBe(false);
    expect(conforms(trimmed, { name: 'Ada Lovelace', id })).toBe(false);
    expect(conforms(trimmed, { name: 'Ada', id: 'not-a-uuid' })).toBe(false);
    expect(conforms(z.number().int().min(1), 0)).toBe(false);
    expect(conforms(z.int(), 2 ** 60)).toBe(false);
    expect(conforms(z.number(), Number.POSITIVE_INFINITY)).toBe(false);
  });

  it("follows a union's order: an earlier option that would change the value wins", () => {
    const union = z.union([z.string().trim(), z.string()]);
    expect(conforms(union, 'plain')).toBe(true);
    expect(conforms(union, ' padded ')).toBe(false);
    expect(union.parse(' padded ')).toBe('padded');
    expect(conforms(z.union([z.literal('a'), z.number()]), 'b')).toBe(false);
  });

  it('refuses what the parse refuses though the value looks right', () => {
    const anything = z.object({ note: z.unknown() });
    expect(conforms(anything, { note: undefined })).toBe(true);
    expect(conforms(anything, {})).toBe(false);
    expect(anything.safeParse({}).success).toBe(false);
    const sparse = Array<string>(2);
    sparse[1] = 'b';
    expect(conforms(z.array(z.string()), sparse)).toBe(false);
    expect(z.array(z.string()).safeParse(sparse).success).toBe(false);
  });

  it('refuses values that would serialise themselves: own toJSON, array subclasses', () => {
    const list = z.array(z.number());
    const withToJson = Object.assign([1], { toJSON: () => ({ secret: 'kept' }) });
    expect(conforms(list, withToJson)).toBe(false);
    class Numbers extends Array<number> {}
    expect(conforms(list, Numbers.from([1]))).toBe(false);
    const hidden = { text: 'hi' };
    Object.defineProperty(hidden, 'toJSON', { value: () => ({ secret: 'kept' }) });
    expect(conforms(z.object({ text: z.string() }), hidden)).toBe(false);
  });

  it('leaves refinements on any schema, exclusive unions and recursion to the parse', () => {
    expect(
      answerConformance(
        z
          .string()
          .nullable()
          .refine((text) => text !== ''),
      ),
    ).toBeNull();
    expect(answerConformance(z.unknown().overwrite(() => 'redacted'))).toBeNull();
    expect(answerConformance(z.xor([z.string(), z.string().min(1)]))).toBeNull();
    expect(answerConformance(z.object({ note: z.string().exactOptional() }))).toBeNull();
    const folder = z.object({
      name: z.string(),
      get children(): z.ZodArray<typeof folder> {
        return z.array(folder);
      },
    });
    expect(answerConformance(folder)).toBeNull();
  });

  it('leaves schemas that fill in or transform values to the parse', () => {
    expect(answerConformance(z.object({ n: z.number().default(1) }))).toBeNull();
    expect(answerConformance(z.string().transform((text) => text.length))).toBeNull();
    expect(answerConformance(z.coerce.number())).toBeNull();
    expect(answerConformance(z.array(z.string()).max(2))).toBeNull();
  });

  it("reads schemas through zod's public API only, not its _zod internals", () => {
    const source = readFileSync(new URL('./answer-conformance.ts', import.meta.url), 'utf8');
    expect(source.match(/\._zod\b/g) ?? []).toEqual([]);
  });

  it("compiles the document list's answer, the hot path bench/request-path.mjs measures", () => {
    expect(answerConformance(DocumentList)).not.toBeNull();
  });
});
