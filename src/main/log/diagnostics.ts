import { readFile } from 'node:fs/promises'
import { arch, platform, release } from 'node:os'
import { join } from 'node:path'
import { logFileNames, type LogFile } from './logger'
import { scrubText, type KnownSecrets } from './scrub'
import { DIAGNOSTIC_LOG_LINES } from '../../shared/diagnostics'

/** Longer lines are cut: the text must stay something a person pastes into a message. */
export const LINE_MAX = 2_000

/** The newest `count` lines of the log, oldest first, reaching into rotated files when needed. */
export async function recentLogLines(dir: string, count: number, filesRotated?: number): Promise<string[]> {
  const newestFirst: string[] = []
  for (const name of logFileNames(filesRotated)) {
    if (newestFirst.length >= count) break
    const text = await readFile(join(dir, name), 'utf8').catch(() => undefined)
    if (text === undefined) break
    const lines = text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => (line.length > LINE_MAX ? `${line.slice(0, LINE_MAX)}…` : line))
    newestFirst.push(...lines.reverse().slice(0, count - newestFirst.length))
  }
  return newestFirst.reverse()
}

export interface RuntimeVersions {
  platform: string
  release: string
  arch: string
  /** process.versions: electron and chrome are there only inside Electron. */
  versions: Partial<Record<'electron' | 'chrome' | 'node', string>>
}

export const currentRuntime = (): RuntimeVersions => ({
  platform: platform(),
  release: release(),
  arch: arch(),
  versions: process.versions,
})

/**
 * What support needs to start: which app, on which system and runtime, and what main logged last.
 * The lines were scrubbed as they were written; the whole text is scrubbed again, as a file from
 * an older version (or edited by hand) may hold anything.
 */
export function diagnosticsText(input: {
  appInfo: { name: string; version: string }
  runtime: RuntimeVersions
  lines: readonly string[]
  secrets: readonly string[]
}): string {
  const { appInfo, runtime, lines } = input
  const { electron, chrome, node } = runtime.versions
  const text = [
    `${appInfo.name} ${appInfo.version}`,
    `System: ${runtime.platform} ${runtime.release} (${runtime.arch})`,
    `Runtime: ${[
      electron ? `Electron ${electron}` : 'not in Electron',
      chrome ? `Chromium ${chrome}` : undefined,
      `Node ${node ?? 'unknown'}`,
    ]
      .filter(Boolean)
      .join(', ')}`,
    `Log: the last ${lines.length} lines, oldest first`,
    ...lines,
  ].join('\n')
  return scrubText(text, input.secrets)
}

export function createDiagnostics(deps: {
  appInfo: { name: string; version: string }
  logFile: LogFile
  secrets: KnownSecrets
  /** Puts text on the system clipboard (Electron's clipboard in the app); absent in plain Node. */
  writeClipboard?: (text: string) => void
  runtime?: () => RuntimeVersions
}) {
  /** False when there is no clipboard to write to: the page then offers the text to copy by hand. */
  const writeClipboard = (text: string): boolean => {
    if (!deps.writeClipboard) return false
    try {
      deps.writeClipboard(text)
      return true
    } catch {
      return false
    }
  }
  return {
    /** The diagnostics text, put on the clipboard when there is one. */
    async copy(): Promise<{ text: string; lines: number; copied: boolean }> {
      await deps.logFile.flush()
      const lines = await recentLogLines(deps.logFile.dir, DIAGNOSTIC_LOG_LINES, deps.logFile.rotation.files)
      const text = diagnosticsText({
        appInfo: deps.appInfo,
        runtime: (deps.runtime ?? currentRuntime)(),
        lines,
        secrets: deps.secrets.values(),
      })
      return { text, lines: lines.length, copied: writeClipboard(text) }
    },
  }
}

export type Diagnostics = ReturnType<typeof createDiagnostics>
