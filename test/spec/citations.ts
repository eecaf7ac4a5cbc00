import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { LIMITS } from '../../src/shared/rules'
import { ACCOUNT_LIMITS } from '../../src/shared/rules/accountLimits'
import { LINE_ITEM_LIMITS, LINE_ITEM_RULES } from '../../src/shared/rules/lineItems'
import { ENDPOINT_CITATIONS } from '../sandbox/endpoints'

// The spec documents live beside the repository, not in it. So the tests read the cited lines
// from citedLines.json, a copy kept in the repository, and `npm run check:spec` compares that
// copy with the spec documents whenever they are present, so drift is still caught.

/** A citation such as `ads-b-creatives-campaigns.md:81` or `ads-b-creatives-campaigns.md:24-27`. */
export const CITATION = /^([\w-]+\.md):(\d+)(?:-(\d+))?$/

export const CITED_LINES_FILE = join(import.meta.dirname, 'citedLines.json')

/** Where the spec documents are looked for: SPEC_DIR, else shared/spec beside the repository. */
export function specDirectory(): string {
  return process.env.SPEC_DIR ?? join(import.meta.dirname, '../../../shared/spec')
}

export function specIsPresent(dir = specDirectory()): boolean {
  return existsSync(dir)
}

function sourcesOf(table: Record<string, unknown>): string[] {
  return Object.values(table).flatMap((entry) => {
    if (entry === null || typeof entry !== 'object') return []
    const source = (entry as { source?: unknown }).source
    if (typeof source === 'string') return [source]
    return sourcesOf(entry as Record<string, unknown>)
  })
}

/**
 * Every spec citation in the rule tables (not the "app rule" or "not in spec" origins) and in
 * the sandbox's endpoint table.
 */
export function allCitations(): string[] {
  const sources = [
    ...sourcesOf(LIMITS),
    ...sourcesOf(LINE_ITEM_LIMITS),
    ...sourcesOf(ACCOUNT_LIMITS),
    ...LINE_ITEM_RULES.map((rule) => rule.source),
    ...ENDPOINT_CITATIONS,
  ]
  return [...new Set(sources.filter((source) => CITATION.test(source)))].sort()
}

export function readCitedLines(): Record<string, string> {
  return JSON.parse(readFileSync(CITED_LINES_FILE, 'utf8')) as Record<string, string>
}

/** The lines a citation names, read from the spec documents in `dir`. */
export function specText(source: string, dir = specDirectory()): string {
  const match = CITATION.exec(source)
  if (!match) throw new Error(`"${source}" is not a citation of the form file.md:line or file.md:first-last.`)
  const lines = readFileSync(join(dir, match[1] ?? ''), 'utf8').split('\n')
  const first = Number(match[2])
  const last = Number(match[3] ?? match[2])
  if (last > lines.length)
    throw new Error(`${source} is past the end of ${match[1] ?? ''} (${lines.length} lines).`)
  return lines.slice(first - 1, last).join('\n')
}

let cache: Record<string, string> | undefined

/** The lines a citation names, from the copy kept in the repository. */
export function citedText(source: string): string {
  cache ??= readCitedLines()
  const text = cache[source]
  if (text === undefined) {
    throw new Error(
      `${source} has no quoted line in test/spec/citedLines.json. With the spec present ` +
        '(SPEC_DIR or ../shared/spec), run `npm run check:spec -- --update` to add it.',
    )
  }
  return text
}
