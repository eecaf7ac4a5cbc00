/**
 * Installed before any page script: when the first element with `data-draft-id` enters the
 * document, it waits for the end of the frame that paints it (requestAnimationFrame, then a
 * task) and leaves the time and the page's phases on window. Used by the app start bench and
 * by its floor (bench/appStartFloorChild.ts). Then it calls window.__benchAfterFirstRow, if set.
 */
export const FIRST_ROW_PROBE = `(() => {
  const painted = () => requestAnimationFrame(() => setTimeout(() => {
    window.__benchFirstRowAt = performance.timeOrigin + performance.now()
    const navigation = performance.getEntriesByType('navigation')[0]
    const scripts = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js'))
    window.__benchPhases = {
      navigationStart: performance.timeOrigin,
      domContentLoaded: navigation ? navigation.domContentLoadedEventEnd : 0,
      scripts: scripts.length,
      lastScriptEnd: Math.max(0, ...scripts.map((entry) => entry.responseEnd)),
      firstRowInserted: firstRowInserted,
    }
    if (window.__benchAfterFirstRow) window.__benchAfterFirstRow()
  }, 0))
  let firstRowInserted = 0
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-draft-id]')) return
    observer.disconnect()
    firstRowInserted = performance.now()
    painted()
  })
  observer.observe(document, { childList: true, subtree: true })
})()`
