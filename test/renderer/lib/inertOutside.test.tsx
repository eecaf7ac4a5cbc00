// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { inertOutside } from '../../../src/renderer/lib/inertOutside'

afterEach(() => document.body.replaceChildren())

/** The app's window while a list is open: the app, a live region in it, the list's portal. */
function windowWithLayer() {
  document.body.innerHTML = `
    <div id="root">
      <nav id="sidebar"><button>Drafts</button></nav>
      <div id="shell">
        <main id="main"><button>Save</button></main>
        <p id="status" aria-live="polite"></p>
      </div>
    </div>
    <div id="other-portal"><button>Toast action</button></div>
    <div id="wrapper"><div id="layer" role="listbox"></div></div>
    <div id="frozen" inert></div>`
  return (id: string) => document.getElementById(id)!
}

const inert = () => [...document.querySelectorAll('[inert]')].map((element) => element.id)

describe('inertOutside', () => {
  it('makes all but the layer and the live regions inert, and undoes exactly that', () => {
    const byId = windowWithLayer()
    const undo = inertOutside(byId('layer'))
    // The path to the live region stays open; its neighbours are closed off, as Radix hides them.
    expect(inert().sort()).toEqual(['frozen', 'main', 'other-portal', 'sidebar'])
    expect(byId('layer').closest('[inert]')).toBeNull()
    expect(byId('status').closest('[inert]')).toBeNull()
    undo()
    // What was inert before the layer opened stays so.
    expect(inert()).toEqual(['frozen'])
  })

  it('keeps the window inert until the last of two open layers closes', () => {
    const byId = windowWithLayer()
    const undoFirst = inertOutside(byId('layer'))
    const undoSecond = inertOutside(byId('layer'))
    undoFirst()
    expect(inert()).toContain('main')
    undoSecond()
    expect(inert()).toEqual(['frozen'])
  })
})
