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
  if (!compiled.has(schema)) compiled.set(schema, compile(schema));
  return compiled.get(schema) ?? null;
}

function compile(schema: z.core.$ZodType): Conformance | null {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'object':
      return objectConformance(def);
    case 'array':
      return def.checks?.length ? null : arrayConformance(def);
    case 'nullable':
      return orConformance(def.innerType, (value) => value === null);
    case 'optional':
      return orConformance(def.innerType, (value) => value === undefined);
    case 'union':
      return unionConformance(def);
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

function objectConformance(def: z.core.$ZodObjectDef): Conformance | null {
  if (def.checks?.length) return null;
  const fields: [string, Conformance][] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const conforms = compile(field);
    if (!conforms) return null;
    fields.push([key, conforms]);
  }
  const named = new Set(fields.map(([key]) => key));
  return (value) => {
    if (!isPlainObject(value)) return false;
    const record = value as Record<string, unknown>;
    for (const [key, conforms] of fields) if (!conforms(record[key])) return false;
    // A field the contract does not name: the parse drops it (or refuses it).
    for (const key in record) if (!named.has(key)) return false;
    return true;
  };
}

/** Not a class instance: one could serialise itself otherwise (toJSON) than its fields. */
function isPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function arrayConformance(def: z.core.$ZodArrayDef): Conformance | null {
  const element = compile(def.element);
  if (!element) return null;
  return (value) => Array.isArray(value) && value.every((item) => element(item));
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
