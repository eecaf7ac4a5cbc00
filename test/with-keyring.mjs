#!/usr/bin/env node
// Runs a command (the vitest suite) with a real Secret Service on Linux: a private D-Bus session
// and an unlocked gnome-keyring, with HOME and the XDG directories in a throw-away folder so the
// designer's own keychain is never touched. Elsewhere (macOS, Windows) the OS keychain is used
// as is. Without dbus-run-session or gnome-keyring the command still runs, and the keychain
// tests fail saying what to install; they never pass silently.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const USAGE = 'usage: node test/with-keyring.mjs <command> [args…]  (e.g. vitest run --project node)'
const [command, ...args] = process.argv.slice(2)
if (!command || command === '--help') {
  console[command ? 'log' : 'error'](USAGE)
  process.exit(command ? 0 : 2)
}
const localBin = resolve('node_modules/.bin', command)

function has(program) {
  return spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0
}

function run(argv, env) {
  const result = spawnSync(argv[0], argv.slice(1), { stdio: 'inherit', env })
  if (result.error) throw result.error
  return result.status ?? 1
}

const target = [has(command) ? command : localBin, ...args]
if (process.platform !== 'linux') process.exit(run(target, process.env))
if (!has('dbus-run-session') || !has('gnome-keyring-daemon')) {
  console.warn(
    'with-keyring: dbus-run-session or gnome-keyring-daemon is missing, so the keychain tests will fail.\n' +
      '  Debian/Ubuntu: sudo apt-get install -y chromium gnome-keyring dbus dbus-x11 libsecret-1-dev python3 make g++',
  )
  process.exit(run(target, process.env))
}

const home = mkdtempSync(join(tmpdir(), 'ads-studio-keyring-'))
const env = {
  ...process.env,
  HOME: home,
  XDG_DATA_HOME: join(home, '.local/share'),
  XDG_CACHE_HOME: join(home, '.cache'),
  XDG_CONFIG_HOME: join(home, '.config'),
  ADS_STUDIO_TEST_KEYRING: '1',
}
for (const dir of [env.XDG_DATA_HOME, env.XDG_CACHE_HOME, env.XDG_CONFIG_HOME])
  mkdirSync(dir, { recursive: true })
const script = 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@"'
const status = (() => {
  try {
    return run(['dbus-run-session', '--', 'sh', '-c', script, 'sh', ...target], env)
  } finally {
    rmSync(home, { recursive: true, force: true })
  }
})()
process.exit(status)
