import { z } from 'zod'
import type { Channel } from './channels'

/**
 * Every IPC channel, with the schema of its request and of its response. Main validates each
 * incoming payload (and each outgoing value) against this map; the preload and the E2E bridge
 * are built from its keys. A channel is `namespace.method`, exposed as `window.studio.namespace.method`.
 */

const empty = z.object({}).strict()

export const themeSchema = z.enum(['system', 'light', 'dark'])
export const settingsSchema = z.object({
  theme: themeSchema,
})
export type Settings = z.infer<typeof settingsSchema>

export const contract = {
  'app.info': {
    request: empty,
    response: z.object({ name: z.string(), version: z.string() }),
  },
  'settings.get': {
    request: empty,
    response: settingsSchema,
  },
  'settings.update': {
    request: settingsSchema.partial().strict(),
    response: settingsSchema,
  },
  'external.open': {
    request: z.object({ url: z.string().url().max(2048) }).strict(),
    response: z.object({ opened: z.literal(true) }),
  },
} as const satisfies { [C in Channel]: { request: z.ZodType; response: z.ZodType } }

export type Contract = typeof contract
export type { Channel }
export type RequestOf<C extends Channel> = z.input<Contract[C]['request']>
export type ParsedRequestOf<C extends Channel> = z.output<Contract[C]['request']>
export type ResponseOf<C extends Channel> = z.output<Contract[C]['response']>
