import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// The renderer never polls main (issue 38): what main does reaches it as events
// (src/shared/ipc/events.ts). This reads every renderer file and finds the timers that ask main:
// a setInterval or setTimeout whose callback reaches window.studio, a timer awaited in a loop that
// does, and any timer loop (a setTimeout that schedules the function it is in again), whatever
// it calls: that is the shape of polling, and the renderer's clocks are intervals. "Reaches"
// follows calls to the functions, callbacks and methods the same file names. A clock that only
// re-renders, or a wait that asks nothing, is fine.

const RENDERER = 'src/renderer'

/** One-off timers that ask main once, on purpose, with why they are not polling. */
const ALLOWED: Record<string, string> = {
  'features/catalog/ProductSets.tsx': 'the set preview, asked for once typing pauses (a debounce)',
}

/** Every function the file names: declarations, `const f = …` (arrows, useCallback), methods. */
function namedFunctions(source: ts.SourceFile): Map<string, ts.Node[]> {
  const named = new Map<string, ts.Node[]>()
  const add = (name: ts.Node | undefined, node: ts.Node) => {
    if (!name || !(ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name))) return
    named.set(name.text, [...(named.get(name.text) ?? []), node])
  }
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) add(node.name, node)
    else if (ts.isVariableDeclaration(node) && node.initializer) add(node.name, node.initializer)
    else if (ts.isPropertyAssignment(node)) add(node.name, node.initializer)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return named
}

/** The name a call goes by: `f()`, `x.f()`, `get().f()`. */
function calleeName(call: ts.CallExpression): string | undefined {
  const callee = call.expression
  if (ts.isIdentifier(callee)) return callee.text
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text
  return undefined
}

const isStudio = (node: ts.Node) =>
  (ts.isCallExpression(node) && calleeName(node) === 'studio') ||
  (ts.isPropertyAccessExpression(node) && node.name.text === 'studio')

function createReach(source: ts.SourceFile) {
  const named = namedFunctions(source)
  const known = new Map<ts.Node, boolean>()
  /** Whether running `node` may call main. */
  const reaches = (node: ts.Node): boolean => {
    const cached = known.get(node)
    if (cached !== undefined) return cached
    known.set(node, false) // recursion: assume not, until found
    let found = false
    const visit = (child: ts.Node) => {
      if (found) return
      if (isStudio(child)) found = true
      else if (ts.isCallExpression(child) || ts.isIdentifier(child)) {
        const name = ts.isCallExpression(child) ? calleeName(child) : child.text
        if (name && (named.get(name) ?? []).some((target) => target !== node && reaches(target))) found = true
      }
      if (!found) ts.forEachChild(child, visit)
    }
    visit(node)
    known.set(node, found)
    return found
  }
  return reaches
}

const LOOPS = [
  ts.SyntaxKind.ForStatement,
  ts.SyntaxKind.ForOfStatement,
  ts.SyntaxKind.ForInStatement,
  ts.SyntaxKind.WhileStatement,
  ts.SyntaxKind.DoStatement,
]

/** The name of the function a node is in (`function f`, `const f = () =>`), if it has one. */
function enclosingFunctionName(node: ts.Node): string | undefined {
  for (let at = node.parent; at; at = at.parent) {
    if (ts.isFunctionDeclaration(at) && at.name) return at.name.text
    if ((ts.isArrowFunction(at) || ts.isFunctionExpression(at)) && ts.isVariableDeclaration(at.parent))
      return ts.isIdentifier(at.parent.name) ? at.parent.name.text : undefined
  }
  return undefined
}

/** Whether `node` mentions the identifier `name`. */
function mentions(node: ts.Node, name: string): boolean {
  return (
    (ts.isIdentifier(node) && node.text === name) ||
    ts.forEachChild(node, (child) => mentions(child, name) || undefined) === true
  )
}

/** Each timer in `text` that polls main, as "line: why". */
export function pollingTimers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const reaches = createReach(source)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const timer = calleeName(node)
      const callback = node.arguments[0]
      if ((timer === 'setInterval' || timer === 'setTimeout') && callback) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1
        const loop = LOOPS.map((kind) => ts.findAncestor(node, (at) => at.kind === kind)).find(Boolean)
        const inFunction = enclosingFunctionName(node)
        if (reaches(callback)) found.push(`${line}: ${timer}'s callback asks main`)
        else if (loop && reaches(loop)) found.push(`${line}: ${timer} awaited in a loop that asks main`)
        else if (timer === 'setTimeout' && inFunction && mentions(callback, inFunction))
          found.push(`${line}: a timer loop (${inFunction} schedules itself again)`)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

function rendererFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return rendererFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('the renderer never polls main', () => {
  it('has no timer that asks main again and again', () => {
    const polling: string[] = []
    for (const path of rendererFiles(RENDERER)) {
      const name = relative(RENDERER, path)
      if (ALLOWED[name]) continue
      for (const finding of pollingTimers(name, readFileSync(path, 'utf8')))
        polling.push(`${name}:${finding}`)
    }
    expect(polling).toEqual([])
  })

  it('still finds the timers each allowed file has (an allowance ends when its timer goes)', () => {
    for (const name of Object.keys(ALLOWED))
      expect(pollingTimers(name, readFileSync(join(RENDERER, name), 'utf8'))).toHaveLength(1)
  })

  // The shapes the renderer's six polling loops had before main sent events.
  it('finds an interval, a re-scheduled timeout and a wait in a loop that ask main', () => {
    const interval = `
      const poll = async () => setProgress(await unwrap(studio().audiences.uploadProgress({ uploadId })))
      const timer = setInterval(() => void poll(), POLL_MS)`
    const rescheduled = `
      useEffect(() => {
        const tick = async () => {
          const next = await refresh()
          timer.current = setTimeout(() => void tick(), POLL_MS)
        }
        void tick()
      }, [refresh])
      const refresh = useCallback(async () => unwrap(studio().outbox.list({})), [])`
    const loop = `
      async function follow(job) {
        let current = job
        while (!FINISHED_STATES.has(current.state)) {
          await new Promise((resolve) => setTimeout(resolve, POLL_MS))
          current = (await unwrap(window.studio.outbox.get({ jobId: current.id }))).job
        }
      }`
    const store = `
      const useStore = create((set, get) => {
        async function refresh() {
          const delta = await listPage({ since: 1 })
          if (delta.loading) retryTimer = setTimeout(() => void get().load(), 400)
        }
        const listPage = (request) => unwrap(studio().drafts.list(request))
        return { async load() { await refresh() } }
      })`
    expect(pollingTimers('interval.ts', interval)).toEqual(["3: setInterval's callback asks main"])
    expect(pollingTimers('rescheduled.ts', rescheduled)).toEqual(["5: setTimeout's callback asks main"])
    expect(pollingTimers('loop.ts', loop)).toEqual(['5: setTimeout awaited in a loop that asks main'])
    expect(pollingTimers('store.ts', store)).toEqual(["5: setTimeout's callback asks main"])
    // What it calls is the caller's (a parameter): a timer loop is polling's shape all the same.
    const follower = `
      export function followJob({ look }) {
        const tick = async () => {
          if (await look()) timer = setTimeout(() => void tick(), POLL_MS)
        }
        void tick()
      }`
    expect(pollingTimers('follower.ts', follower)).toEqual(['4: a timer loop (tick schedules itself again)'])
  })

  it('leaves a clock, a timeout that asks nothing and a wait in a loop that asks nothing alone', () => {
    const clock = `
      const id = setInterval(() => setNow(Date.now()), 1_000)
      const timer = setTimeout(() => setState('idle'), 2_000)
      for (const item of items) await new Promise((resolve) => setTimeout(resolve, 10))`
    expect(pollingTimers('clock.ts', clock)).toEqual([])
  })
})
