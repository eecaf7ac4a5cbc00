/* global window, document, requestAnimationFrame, MutationObserver */
// The one probe every key → frame figure of `npm run bench` uses, for the app and for the bare
// textarea alike (plain browser JavaScript, evaluated in the page as text). For each real key
// event (sent by Playwright through the DevTools protocol) it times from the event's own
// timestamp, taken when the browser created it, to the end of the next frame: the
// requestAnimationFrame callback runs before that frame's style, layout and paint, and a task
// posted from it runs only after them.
;(() => {
  if (window.__benchProbe) return
  const samples = []
  let waiters = []
  const record = (value) => {
    samples.push(value)
    const ready = waiters
    waiters = []
    for (const check of ready) check()
  }
  window.addEventListener(
    'keydown',
    (event) => {
      const start = event.timeStamp
      requestAnimationFrame(() => setTimeout(() => record(performance.now() - start), 0))
    },
    true,
  )
  const afterFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
  window.__benchProbe = {
    /** Resolves with the n-th key sample (1-based) once its frame has ended. */
    sample(n) {
      return new Promise((resolve) => {
        const check = () => (samples.length >= n ? resolve(samples[n - 1]) : waiters.push(check))
        check()
      })
    },
    count: () => samples.length,
    /**
     * Arms a one-off timer for the next click: resolves with the time from that click event to
     * the end of the first frame in which `selector` matches an element.
     */
    clickToPainted(selector) {
      return new Promise((resolve) => {
        window.addEventListener(
          'click',
          (event) => {
            const start = event.timeStamp
            const done = () => afterFrame().then(() => resolve(performance.now() - start))
            if (document.querySelector(selector)) return void done()
            const observer = new MutationObserver(() => {
              if (!document.querySelector(selector)) return
              observer.disconnect()
              done()
            })
            observer.observe(document.body, { childList: true, subtree: true })
          },
          { capture: true, once: true },
        )
      })
    },
    afterFrame,
  }
})()
