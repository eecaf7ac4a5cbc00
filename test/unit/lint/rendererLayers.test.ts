import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

// The renderer's layers (eslint.config.js): app → features → kits → state → nav → components → lib,
// imports only going down, and a page never importing another page. Each case lints a planted file
// under src/renderer through ESLint's API (nothing is written), with the repository's own config.
// That no import circle remains is checked for all of src in importGraph.test.ts.

let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() })
})

async function layerErrors(filePath: string, imports: string[]): Promise<string[]> {
  const code = imports.map((source, index) => `import * as planted${index} from '${source}'`).join('\n')
  const used = `\nexport const planted = [${imports.map((_, index) => `planted${index}`).join(', ')}]\n`
  const [result] = await eslint.lintText(code + used, { filePath })
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message)
}

describe('the renderer layers', () => {
  it('refuses a page that imports another page', async () => {
    const errors = await layerErrors('src/renderer/features/cards/Planted.tsx', ['../drafts/DraftsPage'])
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/A page never imports another page/)
  })

  it('refuses it from a page file in a subfolder too', async () => {
    const errors = await layerErrors('src/renderer/features/cards/parts/Planted.tsx', [
      '../../drafts/DraftsPage',
    ])
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/A page never imports another page/)
  })

  it('refuses a kit that imports a page', async () => {
    const errors = await layerErrors('src/renderer/kits/editor/Planted.tsx', [
      '../../features/cards/CardsPage',
    ])
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/kits\/ is below app, features/)
  })

  it('refuses every import up a layer', async () => {
    const cases: [string, string][] = [
      ['src/renderer/features/cards/Planted.tsx', '../../app/routes'],
      ['src/renderer/state/drafts/Planted.ts', '../../kits/editor/issues'],
      ['src/renderer/nav/Planted.ts', '../state/drafts/draftsStore'],
      ['src/renderer/components/Planted.tsx', '../nav/routes'],
      ['src/renderer/lib/Planted.ts', '../components/Button'],
    ]
    for (const [file, source] of cases) {
      const errors = await layerErrors(file, [source])
      expect(errors, `${file} importing ${source}`).toHaveLength(1)
      expect(errors[0]).toMatch(/a lower layer never imports a higher one/)
    }
  })

  it('lets a page import its own files and every layer below it', async () => {
    const errors = await layerErrors('src/renderer/features/cards/Planted.tsx', [
      './CardBuilder',
      './parts/Part',
      '../../kits/editor/EditorShell',
      '../../state/drafts/draftsStore',
      '../../nav/routes',
      '../../components/Button',
      '../../lib/ipc',
      '../../../shared/rules/limits',
    ])
    expect(errors).toEqual([])
  })

  it('lets a kit use another kit, and the shell use a page', async () => {
    expect(await layerErrors('src/renderer/kits/editor/Planted.tsx', ['../publish/PublishButton'])).toEqual(
      [],
    )
    expect(await layerErrors('src/renderer/app/Planted.tsx', ['../features/drafts/DraftsPage'])).toEqual([])
  })

  it('keeps the renderer boundary in every layer', async () => {
    const errors = await layerErrors('src/renderer/kits/editor/Planted.tsx', ['electron', 'node:fs'])
    expect(errors).toHaveLength(2)
  })
})
