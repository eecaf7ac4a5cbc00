import { z } from 'zod'

/**
 * The one error shape that crosses IPC. Handlers never let thrown strings or Error objects
 * through: the dispatcher turns every failure into this, so the renderer can put the message
 * on the field it names and count down `retryAfter` seconds.
 */
export const ipcErrorSchema = z.object({
  code: z.string().min(1),
  message: z.string().min(1),
  field: z.string().optional(),
  retryAfter: z.number().nonnegative().optional(),
  /** Every problem of a refused request (the publish gate lists each issue of a draft). */
  issues: z
    .array(
      z.object({
        field: z.string(),
        message: z.string().min(1),
        draftId: z.string().optional(),
      }),
    )
    .optional(),
})
export type IpcError = z.infer<typeof ipcErrorSchema>

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError }

export const ok = <T>(value: T): IpcResult<T> => ({ ok: true, value })
export const fail = (error: IpcError): IpcResult<never> => ({ ok: false, error })
