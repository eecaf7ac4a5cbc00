/** What main knows about the frame that sent an IPC message. */
export interface IpcSender {
  /** URL of the sending frame, e.g. event.senderFrame.url. */
  url: string | undefined
  /** True when the frame is the top-level frame of the app's window. */
  isMainFrame: boolean
}

export type SenderPolicy = (sender: IpcSender) => boolean

/**
 * Trust only the top frame of our own renderer: the packaged file (exact path) or, in
 * development, the dev server's origin. Iframes, other windows and navigated-away pages
 * are refused even though navigation is blocked too: defence in depth.
 */
export function createSenderPolicy(rendererUrl: string): SenderPolicy {
  const expected = new URL(rendererUrl)
  return (sender) => {
    if (!sender.isMainFrame || !sender.url) return false
    let actual: URL
    try {
      actual = new URL(sender.url)
    } catch {
      return false
    }
    if (expected.protocol === 'file:')
      return actual.protocol === 'file:' && actual.pathname === expected.pathname
    return actual.origin === expected.origin
  }
}
