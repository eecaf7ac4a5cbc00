import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { startE2e, type E2eEnvironment } from './harness'
import { shootBothPalettes } from './palettes'
import { connectThroughServices } from './sandboxSession'

/**
 * Issue 44 items 4-5: a team rule pack imported in Settings (a malformed one refused with its
 * line), read in words, and checked live in the composer beside the platform's limits, each
 * issue labelled with the pack's name.
 */

let env: E2eEnvironment
let sandbox: Sandbox
let workDir: string
const LONG = { timeout: 30_000 }
const STARTER = join(import.meta.dirname, '../../resources/rule-packs/regulated-disclosure.json')

beforeAll(async () => {
  ;[env, sandbox] = await Promise.all([startE2e(), startSandbox({ port: 0 })])
  workDir = await mkdtemp(join(tmpdir(), 'ads-studio-team-rules-'))
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('team rule packs', () => {
  it('imports a pack in Settings and shows its issues live in the composer', async () => {
    const chosen: string[] = []
    const app = await env.launch({
      colorScheme: 'light',
      config: { teamRuleDialogs: { choosePackFile: async () => chosen.shift() ?? null } },
    })
    const { page } = app
    try {
      await connectThroughServices(app, sandbox)
      await page.goto(`${env.server.origin}/index.html#/settings`)
      const section = page.getByTestId('team-rules')
      await section.getByText('No rule packs on this account yet.').waitFor(LONG)

      const broken = join(workDir, 'broken.json')
      await writeFile(
        broken,
        '{\n  "format": "ads-studio-rule-pack",\n  "version": 1,\n  "name": "Broken"\n  "rules": []\n}',
      )
      chosen.push(broken)
      await section.getByTestId('team-rules-import').click()
      await expect
        .poll(() => section.getByRole('alert').textContent())
        .toBe(
          'broken.json is not a rule pack Ads Studio can use. Line 5, column 3: This is not valid JSON: a comma or a closing brace } is expected, but “"” is there.',
        )

      chosen.push(STARTER)
      await section.getByTestId('team-rules-import').click()
      await section.getByText('“Regulated industry disclosure” imported: 4 rules.').waitFor()
      const pack = section.getByTestId('team-pack')
      await pack.getByText('Show its rules').click()
      await pack.getByText('Posts include “#ad” in post text.').waitFor()
      await shootBothPalettes(page, 'team-rules-settings')

      await page.goto(`${env.server.origin}/index.html#/composer`)
      await page.getByRole('button', { name: 'New post' }).click()
      await page.waitForURL(/#\/composer\/[0-9a-f-]{36}$/)
      await page.getByTestId('post-text').fill('Guaranteed returns, Crédit GRATUIT for everyone.')
      await expect.poll(() => page.getByTestId('issue-summary').textContent(), LONG).toMatch(/problem/)
      await page.getByTestId('issue-summary').click()
      const problems = page.getByTestId('problems-list')
      await problems
        .getByText(
          'Team rule · Regulated industry disclosure: Post text must include “#ad” — Every paid post says it is an ad.',
        )
        .waitFor()
      await problems
        .getByText(
          'Team rule · Regulated industry disclosure: Post text uses “guaranteed” and “crédit gratuit”, which the team does not use — Claims the regulator refuses in ads.',
        )
        .waitFor()
      // The same issue on the field itself, as the platform's limits show theirs.
      await expect
        .poll(() => page.getByTestId('field-message').first().textContent())
        .toBe(
          'Team rule · Regulated industry disclosure: Post text must include “#ad” — Every paid post says it is an ad.',
        )
      await shootBothPalettes(page, 'team-rules-composer')
      await page.keyboard.press('Escape')

      await page.getByTestId('post-text').fill('Spring savings, explained. #ad')
      await expect.poll(() => page.getByText(/Team rule ·/).count()).toBe(0)
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})
