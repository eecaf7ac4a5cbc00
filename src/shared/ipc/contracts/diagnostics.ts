import { z } from 'zod'

/**
 * Diagnostics for support: the app's version, the system and runtime, and the last lines of
 * main's log (which holds ids, counts, codes and states, never secrets, customer identifiers or
 * draft text). Main builds the text and puts it on the clipboard; the page shows it too.
 */
export const diagnosticsContract = {
  'diagnostics.copy': {
    request: z.object({}).strict(),
    response: z.object({
      text: z.string().max(1_000_000),
      /** How many log lines the text holds. */
      lines: z.number().int().nonnegative(),
      /** False when main could not reach the clipboard: the page offers the text to copy by hand. */
      copied: z.boolean(),
    }),
  },
} as const
