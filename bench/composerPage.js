/* global document, requestAnimationFrame, MutationObserver, HTMLTextAreaElement */
// Runs inside the composer page (plain browser JavaScript: bench/ is type-checked for Node).
// Sets the post text to `textLength - 1` characters, then per sample types one more character
// the way a keystroke does (native value setter + input event, a discrete event for React) and
// times until the counter's number changes (MutationObserver) and until the next frame.
// eslint-disable-next-line @typescript-eslint/no-unused-expressions -- bench/composer.ts evaluates this expression in the page
async ({ textLength, samples }) => {
  const area = document.querySelector('[data-testid="post-text"]')
  const number = document.querySelector('[data-testid="post-counter-number"]')
  const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set
  // Words, an emoji and a link, so weighting and entity parsing do real work.
  const unit = 'Spring sale 🌱 https://example.com/spring now on, '
  const base = unit.repeat(Math.ceil(textLength / unit.length)).slice(0, textLength - 1)
  const type = (value) => {
    setValue.call(area, value)
    area.dispatchEvent(new Event('input', { bubbles: true }))
  }
  type(base)
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)))
  const toCounter = []
  const toFrame = []
  for (let i = 0; i < samples; i += 1) {
    // Alternate two different endings so the counter changes every time.
    const next = base + (i % 2 === 0 ? 'a' : 'ab')
    const before = number.textContent
    const timing = await new Promise((resolve) => {
      let start = 0
      const observer = new MutationObserver(() => {
        if (number.textContent === before) return
        const counterAt = performance.now()
        observer.disconnect()
        requestAnimationFrame(() => resolve({ counter: counterAt - start, frame: performance.now() - start }))
      })
      observer.observe(number, { characterData: true, childList: true, subtree: true })
      start = performance.now()
      type(next)
    })
    toCounter.push(timing.counter)
    toFrame.push(timing.frame)
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { toCounter, toFrame }
}
