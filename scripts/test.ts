/**
 * `npm test`: every stage in order, each run even when an earlier one failed (one failing stage
 * hides nothing after it), then a summary that names each stage's result and how to rerun a
 * failed one alone.
 */
import { spawnSync } from 'node:child_process'
import { delimiter, resolve } from 'node:path'

interface Stage {
  name: string
  what: string
  command: string[]
}

const STAGES: Stage[] = [
  { name: 'typecheck', what: 'TypeScript checks', command: ['npm', 'run', 'typecheck'] },
  { name: 'lint', what: 'ESLint and Prettier', command: ['npm', 'run', 'lint'] },
  {
    name: 'node',
    what: 'Node unit and integration tests, under a private keychain',
    command: ['node', 'test/with-keyring.mjs', 'vitest', 'run', '--project', 'node'],
  },
  {
    name: 'components',
    what: 'component tests in jsdom',
    command: ['vitest', 'run', '--project', 'components'],
  },
  { name: 'e2e', what: 'the E2E suite in Chromium, after a build', command: ['npm', 'run', 'test:e2e'] },
]

const USAGE = `Usage: npm test [-- --bail | --only <stage,...> | --list]
Runs every stage, then prints which passed and which failed:
${STAGES.map((stage) => `  ${stage.name.padEnd(11)} ${stage.what}: ${stage.command.join(' ')}`).join('\n')}
  --bail   stop at the first failed stage
  --only   run only the stages named
  --list   print the stages and their commands, run nothing`

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name)
  return index === -1 ? undefined : args[index + 1]
}

function main(args: string[]): number {
  if (args.includes('--help')) {
    console.log(USAGE)
    return 0
  }
  const only = option(args, '--only')?.split(',')
  const unknown = only?.filter((name) => !STAGES.some((stage) => stage.name === name)) ?? []
  if (unknown.length > 0) {
    console.error(`npm test: no stage named ${unknown.join(', ')}.\n${USAGE}`)
    return 2
  }
  const stages = STAGES.filter((stage) => !only || only.includes(stage.name))
  if (args.includes('--list')) {
    for (const stage of stages) console.log(`${stage.name}: ${stage.command.join(' ')}`)
    return 0
  }

  const env = { ...process.env, PATH: [resolve('node_modules/.bin'), process.env.PATH].join(delimiter) }
  const results: { stage: Stage; status: number | null; seconds: number }[] = []
  for (const [index, stage] of stages.entries()) {
    console.log(`\n── npm test, stage ${index + 1} of ${stages.length}: ${stage.name} (${stage.what})\n`)
    const started = Date.now()
    const run = spawnSync(stage.command[0]!, stage.command.slice(1), {
      stdio: 'inherit',
      env,
      shell: process.platform === 'win32',
    })
    results.push({ stage, status: run.status, seconds: Math.round((Date.now() - started) / 1000) })
    if (run.status !== 0 && args.includes('--bail')) break
  }

  const failed = results.filter((result) => result.status !== 0)
  const notRun = stages.slice(results.length)
  console.log('\n── npm test summary')
  for (const { stage, status, seconds } of results) {
    const label = status === 0 ? 'passed' : `FAILED, exit ${status}`
    console.log(`  ${label.padEnd(16)} ${stage.name.padEnd(11)} ${seconds} s`)
  }
  for (const stage of notRun) console.log(`  ${'not run (--bail)'.padEnd(16)} ${stage.name}`)
  if (failed.length === 0) return 0
  for (const { stage } of failed)
    console.error(
      `npm test: stage ${stage.name} (${stage.what}) failed; rerun it alone: ${stage.command.join(' ')}`,
    )
  return 1
}

process.exit(main(process.argv.slice(2)))
