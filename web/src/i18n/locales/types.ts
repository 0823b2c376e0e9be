/**
 * The shape a translation of an English section has: the same keys, any text. Each feature's
 * messages live in a file of their own (locales/<language>/<feature>.ts), typed against the
 * English one, so a missing key fails the type check and catalog.test.ts.
 */
export type Texts<T> = { [Key in keyof T]: T[Key] extends string ? string : Texts<T[Key]> };
