import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Attributes the renderer changes on every key or every save, for tests and tools to read. Rule
 * P3 (bench/PERFORMANCE.md): a stylesheet that selects one makes each change restyle its element
 * and ask for a frame; the save status flipping back to "saved" when main answered cost typing a
 * frame's wait (SaveStatus.tsx).
 */
const PER_KEY_ATTRIBUTES = ['data-save-state']

describe('stylesheets', () => {
  it('select no attribute that changes on every key', () => {
    const files = (readdirSync('src/renderer', { recursive: true }) as string[]).filter((file) =>
      file.endsWith('.css'),
    )
    expect(files.length).toBeGreaterThan(10)
    const selecting = files.flatMap((file) => {
      const css = readFileSync(join('src/renderer', file), 'utf8')
      return PER_KEY_ATTRIBUTES.filter((attribute) => css.includes(attribute)).map(
        (attribute) => `${file}: ${attribute}`,
      )
    })
    expect(selecting).toEqual([])
    expect(readFileSync('src/renderer/kits/editor/SaveStatus.tsx', 'utf8')).toContain(
      'data-save-state={save.state}',
    )
  })
})
