import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kindOf } from '../../../scripts/test-file'
import { describeRun, runSupervised } from '../../support/supervisedChild'

/** `npm test` (scripts/test.ts) and the fast loop `npm run test:file` (scripts/test-file.ts). */

const TSX = resolve('node_modules/.bin/tsx')
const env = { ...process.env, npm_config_update_notifier: 'false' }

describe('npm test', { timeout: 120_000 }, () => {
  let project: string
  beforeAll(async () => {
    // A project whose typecheck stage fails and whose lint stage passes.
    project = await mkdtemp(join(tmpdir(), 'ads-studio-npm-test-'))
    const scripts = { typecheck: 'node -e "process.exit(3)"', lint: 'node -e "console.log(42)"' }
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'stages', scripts }))
  })
  afterAll(async () => {
    if (project) await rm(project, { recursive: true, force: true })
  })
  const npmTest = (args: string[]) =>
    runSupervised(TSX, [resolve('scripts/test.ts'), ...args], { cwd: project, env, quietMs: 60_000 })

  it('runs the stages after a failed one, and names the failed stage and how to rerun it', async () => {
    const run = await npmTest(['--only', 'typecheck,lint'])
    expect(run.code, describeRun('npm test', run)).toBe(1)
    expect(run.stdout).toMatch(/FAILED, exit 3\s+typecheck/)
    expect(run.stdout).toMatch(/passed\s+lint/)
    expect(run.stderr).toContain(
      'npm test: stage typecheck (TypeScript checks) failed; rerun it alone: npm run typecheck',
    )
  })

  it('stops at the first failed stage with --bail, and says which stages did not run', async () => {
    const run = await npmTest(['--only', 'typecheck,lint', '--bail'])
    expect(run.code, describeRun('npm test', run)).toBe(1)
    expect(run.stdout).toMatch(/not run \(--bail\)\s+lint/)
    expect(run.stdout).not.toContain('42')
  })
})

describe('npm run test:file', () => {
  it('picks the vitest setup from the path', () => {
    expect(kindOf('test/e2e/start.e2e.ts')).toBe('e2e')
    expect(kindOf('test/renderer/lib')).toBe('components')
    expect(kindOf('test/unit/packaging/dist.test.ts')).toBe('node')
    expect(kindOf('test/integration/publish')).toBe('node')
  })

  it(
    'runs Node tests under the keychain wrapper and passes vitest options on',
    { timeout: 60_000 },
    async () => {
      const run = await runSupervised(
        TSX,
        [
          'scripts/test-file.ts',
          'test/unit/packaging/dist.test.ts',
          'test/renderer/lib',
          '-t',
          'offline',
          '--dry-run',
        ],
        { env, quietMs: 60_000 },
      )
      expect(run.code, describeRun('test:file', run)).toBe(0)
      expect(run.lines).toEqual([
        'test:file: node test/with-keyring.mjs vitest run --project node test/unit/packaging/dist.test.ts -t offline',
        'test:file: vitest run --project components test/renderer/lib -t offline',
      ])
    },
  )
})
