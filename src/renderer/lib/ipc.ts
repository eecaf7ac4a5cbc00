import type { IpcError, IpcResult } from '../../shared/ipc/result'

/** A failed IPC call, carrying the person-facing error from main. */
export class IpcFailure extends Error {
  readonly error: IpcError
  constructor(error: IpcError) {
    super(error.message)
    this.name = 'IpcFailure'
    this.error = error
  }
}

export async function unwrap<T>(call: Promise<IpcResult<T>>): Promise<T> {
  const result = await call
  if (!result.ok) throw new IpcFailure(result.error)
  return result.value
}

export function studio() {
  return window.studio
}
