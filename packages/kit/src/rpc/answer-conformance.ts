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

function compileKind(schema: z.core.$ZodType): Conformance | null {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  // Refinements and overwrites can sit on any schema; only the primitives' are run below.
  const primitive = def.type === 'string' || def.type === 'number' || def.type === 'boolean';
  if (!primitive && def.checks?.length) return null;
  switch (def.type) {
    case 'object':
      return objectConformance(def);
    case 'array':
      return arrayConformance(def);
    case 'nullable':
      return orConformance(def.innerType, (value) => value === null);
    case 'optional':
      // An exact optional refuses a present undefined.
      if (schema._zod.traits.has('$ZodExactOptional')) return null;
      return orConformance(def.innerType, (value) => value === undefined);
    case 'union':
      // Exclusive unions (z.xor, discriminated unions) refuse values more than one option takes.
      return def.inclusive === false ? null : unionConformance(def);
    case 'enum':
    case 'literal':
      return valueSetConformance(schema);
    case 'string':
    case 'number':
    case 'boolean':
      return 'coerce' in def && def.coerce ? null : primitiveConformance(schema, def);
    case 'null':
      return (value) => value === null;
    case 'unknown':
    case 'any':
      return () => true;
    default:
      return null;
  }
}

interface Field {
  key: string;
  conforms: Conformance;
  /** A required field whose schema takes undefined: the parse still refuses the key missing. */
  mustBePresent: boolean;
}

function objectConformance(def: z.core.$ZodObjectDef): Conformance | null {
  const fields: Field[] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const conforms = compile(field);
    if (!conforms) return null;
    fields.push({
      key,
      conforms,
      mustBePresent: field._zod.optin !== 'optional' && conforms(undefined),
    });
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

/**
 * Not a class instance, and no toJSON of its own (enumerable or not): either could serialise the
 * value otherwise than its fields.
 */
function isPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Object.hasOwn(value, 'toJSON')) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function arrayConformance(def: z.core.$ZodArrayDef): Conformance | null {
  const element = compile(def.element);
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
function unionConformance(def: z.core.$ZodUnionDef): Conformance | null {
  const options: [z.core.$ZodType, Conformance][] = [];
  for (const option of def.options) {
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

function valueSetConformance(schema: z.core.$ZodType): Conformance | null {
  const values = schema._zod.values;
  return values ? (value) => values.has(value as z.core.util.Primitive) : null;
}

/**
 * Strings, numbers and booleans without checks are tested here, and the common integer check.
 * Any other check (formats, lengths, refinements, trims) runs through the schema itself, and the
 * value conforms only when the parse answers it unchanged.
 */
function primitiveConformance(
  schema: z.core.$ZodType,
  def: z.core.$ZodStringDef | z.core.$ZodNumberDef | z.core.$ZodBooleanDef,
): Conformance {
  // A schema such as z.int() or z.uuid() is itself a check.
  const checks = [...(def.checks ?? []).map((check) => check._zod.def), def].filter(
    (check): check is z.core.$ZodCheckDef => 'check' in check && check.check !== undefined,
  );
  if (checks.length === 0) return primitiveType(def.type);
  if (checks.every(isSafeIntegerCheck)) return (value) => Number.isSafeInteger(value);
  return (value) => {
    const parsed = z.safeParse(schema, value);
    return parsed.success && Object.is(parsed.data, value);
  };
}

function primitiveType(type: 'string' | 'number' | 'boolean'): Conformance {
  if (type === 'string') return (value) => typeof value === 'string';
  if (type === 'boolean') return (value) => typeof value === 'boolean';
  // zod's numbers refuse NaN and the infinities.
  return (value) => typeof value === 'number' && Number.isFinite(value);
}

const isSafeIntegerCheck = (check: z.core.$ZodCheckDef) =>
  check.check === 'number_format' && 'format' in check && check.format === 'safeint';
