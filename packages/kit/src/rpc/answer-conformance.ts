import { z } from 'zod';

/** Whether a value is already exactly what its schema's parse would answer. */
type Conformance = (value: unknown) => boolean;

const compiled = new WeakMap<z.core.$ZodType, Conformance | null>();

/**
 * A check that an answer already is what its contract's parse would make of it: every named
 * field valid, no field the contract does not name, nothing a parse would change (no defaults,
 * transforms or coercion). Such an answer can be sent as it is, without the parse's copy of every
 * object and field: for a list of 50 documents that copy was a third of everything the library
 * service allocated, and garbage collection a third of its time. Null when the schema holds a
 * kind this check does not know; its answers are then always parsed.
 */
export function answerConformance(schema: z.core.$ZodType): Conformance | null {
  // One lookup per answer: null is a schema known not to compile, undefined one not seen yet.
  let conformance = compiled.get(schema);
  if (conformance === undefined) {
    conformance = compile(schema);
    compiled.set(schema, conformance);
  }
  return conformance;
}

/** Schemas being compiled: a recursive schema (a getter in its shape) is left to the parse. */
const compiling = new Set<z.core.$ZodType>();

function compile(schema: z.core.$ZodType): Conformance | null {
  if (compiling.has(schema)) return null;
  compiling.add(schema);
  try {
    return compileKind(schema);
  } finally {
    compiling.delete(schema);
  }
}

/**
 * Reads schemas only through zod's public API (the classes, their accessors and `def`), never
 * its `_zod` internals, so that a zod upgrade cannot silently change what it decides.
 */
function compileKind(schema: z.core.$ZodType): Conformance | null {
  // A schema of zod's core or mini API: left to the parse.
  if (!(schema instanceof z.ZodType)) return null;
  // Refinements and overwrites can sit on any schema; only the primitives' are run below.
  // String formats (z.uuid(), z.email()) are strings of their own classes: known by type.
  const primitive =
    schema.type === 'string' || schema.type === 'number' || schema.type === 'boolean';
  if (primitive)
    return 'coerce' in schema.def && schema.def.coerce
      ? null
      : primitiveConformance(schema as Primitive);
  if (schema.def.checks?.length) return null;
  if (schema instanceof z.ZodObject) return objectConformance(schema);
  if (schema instanceof z.ZodArray) return arrayConformance(schema);
  if (schema instanceof z.ZodNullable)
    return orConformance(schema.unwrap(), (value) => value === null);
  // An exact optional refuses a present undefined.
  if (schema instanceof z.ZodExactOptional) return null;
  if (schema instanceof z.ZodOptional) {
    return orConformance(schema.unwrap(), (value) => value === undefined);
  }
  // Exclusive unions (z.xor, discriminated unions) refuse values more than one option takes.
  if (schema instanceof z.ZodXor) return null;
  if (schema instanceof z.ZodUnion)
    return schema.def.inclusive === false ? null : unionConformance(schema);
  if (schema instanceof z.ZodEnum) return valueSetConformance(new Set(schema.options));
  if (schema instanceof z.ZodLiteral) return valueSetConformance(schema.values);
  if (schema instanceof z.ZodNull) return (value) => value === null;
  if (schema instanceof z.ZodUnknown || schema instanceof z.ZodAny) return () => true;
  return null;
}

interface Field {
  key: string;
  conforms: Conformance;
  /** A required field whose schema takes undefined: the parse still refuses the key missing. */
  mustBePresent: boolean;
}

function objectConformance(schema: z.ZodObject): Conformance | null {
  const fields: Field[] = [];
  for (const [key, field] of Object.entries(schema.shape)) {
    const conforms = compile(field);
    if (!conforms) return null;
    fields.push({ key, conforms, mustBePresent: conforms(undefined) && !mayBeMissing(key, field) });
  }
  const named = new Set(fields.map(({ key }) => key));
  return (value) => {
    if (!isPlainObject(value)) return false;
    const record = value as Record<string, unknown>;
    for (const { key, conforms, mustBePresent } of fields) {
      if (!conforms(record[key]) || (mustBePresent && !Object.hasOwn(record, key))) return false;
    }
    // A field the contract does not name: the parse drops it (or refuses it).
    for (const key in record) if (!named.has(key)) return false;
    return true;
  };
}

/** Whether an object without the key passes: an optional field, not merely one taking undefined. */
const mayBeMissing = (key: string, field: z.core.$ZodType) =>
  z.object({ [key]: field }).safeParse({}).success;

/**
 * Not a class instance, and no toJSON of its own (enumerable or not): either could serialise the
 * value otherwise than its fields.
 */
function isPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Object.hasOwn(value, 'toJSON')) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function arrayConformance(schema: z.ZodArray): Conformance | null {
  const element = compile(schema.element);
  if (!element) return null;
  return (value) => {
    if (!Array.isArray(value) || Object.getPrototypeOf(value) !== Array.prototype) return false;
    if (Object.hasOwn(value, 'toJSON')) return false;
    // Every index, holes too: the parse checks a hole as undefined.
    for (let index = 0; index < value.length; index += 1) {
      if (!element(value[index])) return false;
    }
    return true;
  };
}

function orConformance(inner: z.core.$ZodType, alone: Conformance): Conformance | null {
  const conforms = compile(inner);
  return conforms && ((value) => alone(value) || conforms(value));
}

/**
 * A union answers its first option that accepts the value: the value conforms only when that
 * option is one it conforms to, not an earlier one that would accept it changed.
 */
function unionConformance(schema: z.ZodUnion): Conformance | null {
  const options: [z.core.$ZodType, Conformance][] = [];
  for (const option of schema.options) {
    const conforms = compile(option);
    if (!conforms) return null;
    options.push([option, conforms]);
  }
  return (value) => {
    for (const [option, conforms] of options) {
      if (conforms(value)) return true;
      if (z.safeParse(option, value).success) return false;
    }
    return false;
  };
}

function valueSetConformance(values: ReadonlySet<unknown>): Conformance {
  return (value) => values.has(value);
}

/**
 * Strings, numbers and booleans without checks are tested here, and the common integer check.
 * Any other check (formats, lengths, refinements, trims) runs through the schema itself, and the
 * value conforms only when the parse answers it unchanged.
 */
type Primitive = z.ZodString | z.ZodNumber | z.ZodBoolean;

function primitiveConformance(schema: Primitive): Conformance {
  // A schema such as z.int() or z.uuid() is itself a check.
  const checks = [
    ...(schema.def.checks ?? []),
    ...(schema instanceof z.core.$ZodCheck ? [schema] : []),
  ];
  if (checks.length === 0) return primitiveType(schema);
  if (isSafeInteger(schema, checks)) return (value) => Number.isSafeInteger(value);
  return (value) => {
    const parsed = z.safeParse(schema, value);
    return parsed.success && Object.is(parsed.data, value);
  };
}

function primitiveType(schema: Primitive): Conformance {
  if (schema.type === 'string') return (value) => typeof value === 'string';
  if (schema.type === 'boolean') return (value) => typeof value === 'boolean';
  // zod's numbers refuse NaN and the infinities.
  return (value) => typeof value === 'number' && Number.isFinite(value);
}

/**
 * z.int() or z.number().int() and nothing else: only number-format checks, whose bounds are the
 * safe integers' (z.int32() and the like have narrower ones and go through the parse).
 */
const isSafeInteger = (schema: Primitive, checks: readonly unknown[]) =>
  schema instanceof z.ZodNumber &&
  schema.isInt &&
  schema.minValue === Number.MIN_SAFE_INTEGER &&
  schema.maxValue === Number.MAX_SAFE_INTEGER &&
  checks.every((check) => check instanceof z.core.$ZodCheckNumberFormat);
