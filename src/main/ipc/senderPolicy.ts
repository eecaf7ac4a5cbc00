/** What main knows about the frame that sent an IPC message. */
export interface IpcSender {
  /** URL of the sending frame, e.g. event.senderFrame.url. */
  url: string | undefined
  /** True when the frame is the top-level frame of the app's window. */
  isMainFrame: boolean
}

export type SenderPolicy = (sender: IpcSender) => boolean

/**
 * Whether a URL belongs to our renderer: the same file (packaged without the app protocol),
 * or the same scheme and host (the app:// protocol, or the dev server). Compared by parts
 * because custom schemes have an opaque origin ("null") in the URL standard.
 */
export function isOwnRendererUrl(rendererUrl: string, candidate: string | undefined): boolean {
  if (!candidate) return false
  let expected: URL
  let actual: URL
  try {
    expected = new URL(rendererUrl)
    actual = new URL(candidate)
  } catch {
    return false
  }
  if (actual.protocol !== expected.protocol || actual.host !== expected.host) return false
  // file:: the same file on this computer (a host would be another machine's share, \\host\...).
  if (expected.protocol === 'file:') return actual.pathname === expected.pathname
  return !actual.username && !actual.password
}

/**
 * Trust only the top frame of our own renderer. Iframes, other windows and navigated-away
 * pages are refused even though navigation is blocked too: defence in depth.
 */
export function createSenderPolicy(rendererUrl: string): SenderPolicy {
  return (sender) => sender.isMainFrame && isOwnRendererUrl(rendererUrl, sender.url)
}
