/**
 * `npm run test:file -- <path>…`: the fast loop. Runs the given test files or folders with the
 * vitest setup their path calls for, so one file runs as it does inside `npm test`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const USAGE = `Usage: npm run test:file -- <test file or folder>… [vitest options]
Runs tests with the vitest setup their path calls for:
  test/e2e/…       the E2E suite's config (vitest.e2e.config.ts) under the keychain wrapper,
                   after building out/ when it is missing or older than src/
  test/renderer/…  the components project (jsdom)
  anything else    the node project, under the keychain wrapper (test/with-keyring.mjs)
  --dry-run        print the commands instead of running them
Example: npm run test:file -- test/unit/packaging/installerConfig.test.ts -t "deb"`

type Kind = 'e2e' | 'components' | 'node'

export function kindOf(path: string): Kind {
  const normalized = relative(process.cwd(), resolve(path)).split('\\').join('/')
  if (normalized.startsWith('test/e2e/') || normalized === 'test/e2e') return 'e2e'
  if (normalized.startsWith('test/renderer/') || normalized === 'test/renderer') return 'components'
  return 'node'
}

const WITH_KEYRING = ['node', 'test/with-keyring.mjs', 'vitest', 'run']
const COMMANDS: Record<Kind, string[]> = {
  e2e: [...WITH_KEYRING, '--config', 'vitest.e2e.config.ts'],
  components: ['vitest', 'run', '--project', 'components'],
  node: [...WITH_KEYRING, '--project', 'node'],
}

/** The newest modification time under a folder (or of a file). */
function newest(path: string): number {
  const info = statSync(path)
  if (!info.isDirectory()) return info.mtimeMs
  return Math.max(info.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))))
}

function buildIsStale(): boolean {
  const built = 'out/renderer/index.html'
  if (!existsSync('out/main/index.js') || !existsSync(built)) return true
  return Math.max(newest('src'), newest('electron.vite.config.ts')) > statSync(built).mtimeMs
}

function run(command: string[], dryRun: boolean): number {
  console.log(`test:file: ${command.join(' ')}`)
  if (dryRun) return 0
  const [program, ...args] = command
  const bin = resolve('node_modules/.bin', program!)
  const result = spawnSync(existsSync(bin) ? bin : program!, args, {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  return result.status ?? 1
}

function main(args: string[]): number {
  if (args.includes('--help')) {
    console.log(USAGE)
    return 0
  }
  const dryRun = args.includes('--dry-run')
  const rest = args.filter((arg) => arg !== '--dry-run')
  const paths = rest.filter((arg) => !arg.startsWith('-') && existsSync(arg))
  const options = rest.filter((arg) => !paths.includes(arg))
  if (paths.length === 0) {
    console.error(`test:file: name at least one test file or folder that exists.\n${USAGE}`)
    return 2
  }
  let status = 0
  for (const kind of ['node', 'components', 'e2e'] as const) {
    const mine = paths.filter((path) => kindOf(path) === kind)
    if (mine.length === 0) continue
    if (kind === 'e2e' && buildIsStale()) {
      const built = run(['electron-vite', 'build'], dryRun)
      if (built !== 0) return built
    }
    status = run([...COMMANDS[kind], ...mine, ...options], dryRun) || status
  }
  return status
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main(process.argv.slice(2)))
