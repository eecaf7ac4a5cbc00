import { z } from 'zod'
import { profileIdSchema } from '../../profiles'
import { BROKEN_CHARACTER_MESSAGE, hasLoneSurrogate } from '../../text'

/**
 * Field schemas for IPC requests whose values main sends to the platform or keeps in the
 * keychain: a value that passes here can be encoded, signed and sent. (Draft content is local
 * work and may hold anything JSON can; the rules flag what cannot be sent, on its field.)
 */

/** Text for the network: bounded, and no lone UTF-16 surrogate (it has no UTF-8 form). */
export function sendableText(max: number) {
  return z
    .string()
    .max(max)
    .refine((value) => !hasLoneSurrogate(value), { message: `The text ${BROKEN_CHARACTER_MESSAGE}` })
}

/**
 * A platform id that goes into a URL path (ad account, card, media key): the platform's ids are
 * letters, digits, '_' and '-'; anything else could not name one, and is refused here rather
 * than failing while the URL is built.
 */
export const platformIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'That is not an id the platform uses')

/** The request of a channel that takes nothing. */
export const emptyRequest = z.object({}).strict()

/** Text fields a view may leave out, in the order given. */
export function optionalText<K extends string>(
  ...keys: readonly K[]
): { [P in K]: z.ZodOptional<z.ZodString> } {
  return Object.fromEntries(keys.map((key) => [key, z.string().optional()])) as {
    [P in K]: z.ZodOptional<z.ZodString>
  }
}

/** The request of a channel that needs only the profile. */
export const profileRequest = z.object({ profileId: profileIdSchema }).strict()

/** The request of a channel about one ad account of a profile. */
export const accountRequest = z.object({ profileId: profileIdSchema, accountId: platformIdSchema }).strict()

/** A line of a file a person wrote (1-based), and why it was refused or skipped. */
export const lineProblemSchema = z.object({ line: z.number().int().positive(), reason: z.string() })

/** The answer of a channel that opens a file dialog: only `chosen: false` when it was closed. */
export function afterFileChoice<T extends z.ZodRawShape>(chosen: T) {
  return z.discriminatedUnion('chosen', [
    z.object({ chosen: z.literal(false) }),
    z.object({ chosen: z.literal(true) }).extend(chosen),
  ])
}
