import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { describeRun, runSupervised } from '../../support/supervisedChild'

/**
 * Every command the README names (each `npm …` and `npx …` in its code blocks and inline code)
 * starts as written: its npm script exists, each program the script runs is installed, and the
 * command parses the README's arguments, shown by running it with `--help` appended (or, for a
 * script file that would do its work instead of answering --help, by bundling it with every
 * import resolved). Also: the README's apt line is what .ci/run installs.
 */

const readme = await readFile(resolve('README.md'), 'utf8')
const pkg = JSON.parse(await readFile(resolve('package.json'), 'utf8')) as {
  scripts: Record<string, string>
  dependencies: Record<string, string>
  engines: { node: string }
}

/** Script files that answer --help with their usage, without doing their work. */
const ANSWERS_HELP = new Set([
  'scripts/ensure-electron.ts',
  'scripts/dist.ts',
  'scripts/test.ts',
  'scripts/test-file.ts',
  'sandbox/cli.ts',
  'test/with-keyring.mjs',
])

/** The README's commands: `npm …` and `npx …`, each part of an `a && b` on its own. */
function readmeCommands(): string[] {
  const blocks = [...readme.matchAll(/```\w*\n([\s\S]*?)```/g)].map((match) => match[1] ?? '')
  const prose = readme.replace(/```\w*\n[\s\S]*?```/g, '')
  const snippets = [
    ...blocks.flatMap((block) => block.split('\n').map((line) => line.replace(/\s#.*$/, ''))),
    ...[...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? ''),
  ]
  const commands = snippets.flatMap((snippet) => snippet.split('&&').map((part) => part.trim()))
  return [...new Set(commands.filter((command) => /^(npm|npx) /.test(command)))]
}

interface Step {
  program: string
  args: string[]
}

/** What a README command runs, program by program: an npm script's commands, or npx's program. */
function stepsOf(command: string): Step[] {
  const words = command.replace(/<[^>]*>/g, 'placeholder').split(/\s+/)
  if (words[0] === 'npx') return [{ program: words[1]!, args: words.slice(2) }]
  const [, verb, ...rest] = words
  const script = verb === 'run' ? rest.shift() : verb
  if (script === undefined) throw new Error(`${command}: which script?`)
  if (rest.length > 0 && rest[0] !== '--')
    throw new Error(
      `${command}: npm takes ${rest.join(' ')} for itself; arguments for the script go after --`,
    )
  const body = pkg.scripts[script]
  if (body === undefined) throw new Error(`${command}: package.json has no script "${script}"`)
  if (/["'`$|;]/.test(body)) throw new Error(`${command}: this test reads only plain a && b scripts: ${body}`)
  const steps = body.split('&&').map((part) => {
    const [program, ...args] = part.trim().split(/\s+/)
    return { program: program!, args }
  })
  steps.at(-1)!.args.push(...rest.slice(1))
  return steps
}

async function startsAsWritten(command: string, step: Step): Promise<void> {
  const [file, ...fileArgs] = step.args
  if (step.program === 'node' || step.program === 'tsx') {
    expect(file && existsSync(resolve(file)), `${command}: ${file} exists`).toBe(true)
    if (!ANSWERS_HELP.has(file!)) {
      await build({
        entryPoints: [file!],
        bundle: true,
        write: false,
        platform: 'node',
        format: 'esm',
        packages: 'external',
        logLevel: 'silent',
      })
      return
    }
  }
  const bin = step.program === 'node' ? process.execPath : resolve('node_modules/.bin', step.program)
  expect(existsSync(bin), `${command}: ${step.program} is installed in node_modules/.bin`).toBe(true)
  const run = await runSupervised(bin, [...(file === undefined ? [] : [file]), ...fileArgs, '--help'], {
    quietMs: 60_000,
  })
  expect(run.code, `${command}: ${step.program} ${step.args.join(' ')} --help ${describeRun('', run)}`).toBe(
    0,
  )
  expect(run.stdout.trim(), `${command}: --help printed nothing`).not.toBe('')
}

const builtins: Record<string, (command: string) => void> = {
  'npm ci': () =>
    expect(existsSync(resolve('package-lock.json')), 'npm ci needs package-lock.json').toBe(true),
  'npm rebuild': (command) => expect(Object.keys(pkg.dependencies)).toContain(command.split(/\s+/)[2]),
}

describe('the README’s commands', { timeout: 120_000 }, () => {
  const commands = readmeCommands()

  it('are found: the ones a designer meets first among them', () => {
    for (const expected of ['npm ci', 'npm start', 'npm test', 'npm run dist', 'npm run test:file'])
      expect(
        commands.some((command) => command.startsWith(expected)),
        expected,
      ).toBe(true)
  })

  it.each(commands)('%s starts as written', async (command) => {
    const builtin = Object.keys(builtins).find((name) => command === name || command.startsWith(`${name} `))
    if (builtin) return builtins[builtin]!(command)
    for (const step of stepsOf(command)) await startsAsWritten(command, step)
  })

  it('refuses what the issue found: options before `--`, and a script package.json lacks', () => {
    expect(() => stepsOf('npm run sandbox --data x.json')).toThrow(/arguments for the script go after --/)
    expect(() => stepsOf('npm run no-such-script')).toThrow(/no script "no-such-script"/)
  })
})

describe('the README’s prerequisites', () => {
  it('installs in one apt line exactly the packages .ci/run installs', async () => {
    const aptLine = /apt-get install -y ([^\n`]+)/.exec(readme)?.[1]?.trim().split(/\s+/)
    const ci = /for pkg in ([^;]+); do/.exec(await readFile(resolve('.ci/run'), 'utf8'))?.[1]?.split(/\s+/)
    expect(aptLine?.sort()).toEqual(ci?.sort())
    for (const needed of ['dbus-x11', 'python3', 'make', 'g++']) expect(aptLine).toContain(needed)
  })

  it('recommends Node 22 and names the oldest Node package.json accepts', () => {
    expect(pkg.engines.node).toBe('>=20.19.0')
    expect(readme).toMatch(/Node\.js 22 LTS is recommended/)
    expect(readme).toMatch(/Node 20\.19 or newer/)
  })
})
