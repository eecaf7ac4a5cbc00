import { z } from 'zod'

/** How the platform's objects read: building blocks for the endpoint modules' schemas. */

/** Text fields the platform may leave out or send as null. */
export function optionalText<K extends string>(
  ...keys: readonly K[]
): { [P in K]: z.ZodOptional<z.ZodNullable<z.ZodString>> } {
  return Object.fromEntries(keys.map((key) => [key, z.string().nullish()])) as {
    [P in K]: z.ZodOptional<z.ZodNullable<z.ZodString>>
  }
}

/**
 * An object the platform keeps: its id, the fields given, `deleted` once it is gone, and
 * whatever else the platform sends, passed through unchecked.
 */
export function platformObject<S extends z.ZodRawShape>(shape: S) {
  return z.object({ id: z.string(), deleted: z.boolean().optional(), ...shape }).loose()
}
