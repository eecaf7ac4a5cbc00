/**
 * Which components render on each key in the card builder (six slides, typing in slide 6's
 * title as the bench does), and which DOM properties React writes: what rule P6
 * (bench/PERFORMANCE.md) is checked with.
 *
 *   PROFILE_BUILD=1 npx electron-vite build && npx tsx bench/renders.ts
 *
 * A stand-in for the React DevTools hook, installed before React loads, walks each committed
 * tree and counts the fibers that did work (React sets PerformedWork on a component it called).
 * Names need PROFILE_BUILD=1 (unminified). Counts are per key; a component memoised with a
 * compare function counts twice (its memo fiber and the function inside).
 */
import { startBenchBrowser, typeAndTime } from './browser'
import { alternatingKeys, benchBuilder } from './keyToFrame'

const KEYS = 60

const HOOK = `(() => {
  const PERFORMED_WORK = 1
  const COMPONENT_TAGS = [0, 1, 11, 14, 15]
  const HOST_COMPONENT = 5
  const nameOf = (fiber) => {
    const type = fiber.type
    if (!type || typeof type === 'string') return null
    return type.displayName || type.name || type.type?.displayName || type.type?.name ||
      type.render?.displayName || type.render?.name || null
  }
  const counts = {}
  window.__benchRenders = { counts, on: false }
  const walk = (first, out) => {
    for (let fiber = first; fiber; fiber = fiber.sibling) {
      const previous = fiber.alternate
      if (fiber.tag === HOST_COMPONENT && previous && previous.memoizedProps !== fiber.memoizedProps) {
        for (const key of Object.keys(fiber.memoizedProps))
          if (key !== 'children' && typeof fiber.memoizedProps[key] !== 'function' &&
            previous.memoizedProps[key] !== fiber.memoizedProps[key]) out.push('<' + fiber.type + '> ' + key)
      }
      const name = nameOf(fiber)
      if (name && COMPONENT_TAGS.includes(fiber.tag) &&
        (previous === null || (fiber.flags & PERFORMED_WORK) === PERFORMED_WORK)) out.push(name)
      // A subtree React did not enter keeps its children from the last commit.
      if (previous && fiber.child === previous.child) continue
      walk(fiber.child, out)
    }
  }
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      if (!window.__benchRenders.on) return
      const out = []
      walk(root.current.child, out)
      counts['(commits)'] = (counts['(commits)'] || 0) + 1
      for (const name of out) counts[name] = (counts[name] || 0) + 1
    },
  }
})()`

const bench = await startBenchBrowser()
try {
  const app = await bench.launch({ initScripts: [HOOK] })
  try {
    await benchBuilder(app)
    await app.page.evaluate('window.__benchRenders.on = true')
    await typeAndTime(app.page, alternatingKeys(KEYS))
    const counts = (await app.page.evaluate('window.__benchRenders.counts')) as Record<string, number>
    console.log(`card builder, renders per key over ${KEYS} keys (<tag> prop: a DOM property written):`)
    for (const [name, count] of Object.entries(counts).sort((a, b) => b[1] - a[1]))
      console.log(`  ${(count / KEYS).toFixed(2).padStart(5)}  ${name}`)
  } finally {
    await app.close()
  }
} finally {
  await bench.dispose()
}
