import { ENDPOINTS } from './endpoints'
import type { Method, SpecEndpoint } from './endpoints'

/**
 * Reads endpoints out of spec text, and checks the endpoint table against it: against the
 * quotes kept in the repository (endpoints.test.ts) and against the spec documents themselves
 * (`npm run check:spec`, which also finds endpoints the table lacks).
 */

export interface NamedEndpoint {
  method: Method | null
  written: string
}

const METHOD_PATH = /\b(GET|POST|PUT|DELETE)\s+((?:\{[a-z_]+\}|\.\.\.)?\/[A-Za-z0-9_:./{}-]*)/g
const METHOD_CELL = /^\| (GET|POST|PUT|DELETE) \|/
const METHOD_ITEM = /^- (GET|POST|PUT|DELETE):/
const BARE_PATH_CELL = /^\| (\/2\/[A-Za-z0-9_/]+) \|/
const PATH_WITHOUT_METHOD = /\bpath (\/[A-Za-z0-9_:/]+)/
const BASE = /\b[Bb]ase:? ((?:\{[a-z_]+\}\/\d+)?\/[A-Za-z0-9_:/]+)/

/** The method and path pairs a spec line names, each once, trailing punctuation dropped. */
export function endpointsIn(line: string): NamedEndpoint[] {
  const found: NamedEndpoint[] = []
  const add = (method: string | null, written: string): void => {
    const path = written.replace(/[:.]+$/, '')
    if (!found.some((f) => f.method === method && f.written === path))
      found.push({ method: method as Method | null, written: path })
  }
  for (const match of line.matchAll(METHOD_PATH)) add(match[1] ?? null, match[2] ?? '')
  const methodOnly = METHOD_CELL.exec(line) ?? METHOD_ITEM.exec(line)
  if (methodOnly) add(methodOnly[1] ?? null, '')
  const bare = BARE_PATH_CELL.exec(line)
  if (bare) add(null, bare[1] ?? '')
  const pathOnly = PATH_WITHOUT_METHOD.exec(line)
  if (pathOnly) add(null, pathOnly[1] ?? '')
  return found
}

const HOSTS: Record<string, string> = { base_url: '', ads_url: '/ads', ads_sandbox_url: '/ads-sandbox' }

/**
 * A written path as the sandbox routes it: hosts become their prefixes, `{name}` becomes `:name`,
 * `...` (part A) and part B's bare paths start with {ads_url}/12.
 */
export function resolvePath(written: string, file: string): string {
  const path = written.replace(/\{([a-z_]+)\}/g, (_, name: string) => HOSTS[name] ?? `:${name}`)
  if (path.startsWith('...')) return `/ads/12${path.slice(3)}`
  if (file.startsWith('ads-b') && path.startsWith('/') && !written.startsWith('{')) return `/ads/12${path}`
  return path
}

const fileOf = (source: string): string => source.slice(0, source.lastIndexOf(':'))

function describe(named: readonly NamedEndpoint[]): string {
  return named.map((n) => `${n.method ?? '(no method)'} ${n.written || '(no path)'}`).join('; ') || 'nothing'
}

/** What is wrong with one table entry, read against the text of the lines it cites. */
function entryProblems(entry: SpecEndpoint, text: (source: string) => string): string[] {
  const problems: string[] = []
  const named = endpointsIn(text(entry.source))
  if (!named.some((n) => n.method === entry.method && n.written === entry.written))
    problems.push(
      `${entry.source}: the line names ${describe(named)}, not ${entry.method ?? '(no method)'} ${entry.written || '(no path)'}`,
    )
  const file = fileOf(entry.source)
  if (entry.base) {
    const baseText = text(entry.base)
    const basePath = BASE.exec(baseText)?.[1]?.replace(/:$/, '') ?? endpointsIn(baseText)[0]?.written
    const base = basePath === undefined ? undefined : resolvePath(basePath, file)
    const tail = entry.written.replace(/^\.\.\./, '')
    if (base === undefined || !entry.path.startsWith(base) || !entry.path.endsWith(tail))
      problems.push(
        `${entry.source}: ${entry.path} is not ${tail || 'the path'} under the base ${String(base)} (${entry.base})`,
      )
  } else if (resolvePath(entry.written, file) !== entry.path) {
    problems.push(
      `${entry.source}: ${entry.written} resolves to ${resolvePath(entry.written, file)}, not ${entry.path}`,
    )
  }
  return problems
}

/** Every disagreement between the endpoint table and the text of the spec lines it cites. */
export function tableProblems(text: (source: string) => string): string[] {
  const problems = ENDPOINTS.flatMap((entry) => entryProblems(entry, text))
  const keys = ENDPOINTS.map((e) => `${e.source} ${e.method ?? ''}`)
  for (const key of new Set(keys))
    if (keys.filter((k) => k === key).length > 1) problems.push(`${key}: listed twice`)
  return problems
}

/**
 * Endpoints a spec document names that the table lacks. A line that names an endpoint again (a
 * states table, the release history) is covered by the entry with the same method and path.
 */
export function missingEndpoints(file: string, lines: readonly string[]): string[] {
  const missing: string[] = []
  lines.forEach((line, index) => {
    const source = `${file}:${index + 1}`
    for (const named of endpointsIn(line)) {
      const listed = ENDPOINTS.some(
        (e) =>
          (e.source === source && e.method === named.method && e.written === named.written) ||
          (named.written !== '' && e.method === named.method && e.path === resolvePath(named.written, file)),
      )
      if (!listed) missing.push(`${source}: ${named.method ?? '(no method)'} ${named.written || '(no path)'}`)
    }
  })
  return missing
}
