import { execFileSync } from 'node:child_process'
import { cp, mkdir, readdir, stat, symlink } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'

const repoRoot = resolve('.')
/** What a clone does not have at its top: git's own files and what .gitignore lists. */
const NOT_IN_A_CLONE = new Set(['.git', 'node_modules', 'out', 'dist', 'test-results', '.bench'])

/** The files `git clone` would bring: git's list, or without git the tree less what git ignores. */
async function repositoryFiles(): Promise<string[]> {
  try {
    return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .split('\0')
      .filter(Boolean)
  } catch {
    const files: string[] = []
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(join(repoRoot, dir), { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (dir === '' && NOT_IN_A_CLONE.has(entry.name)) continue
        if (entry.isDirectory()) await walk(path)
        else if (entry.isFile()) files.push(path)
      }
    }
    await walk('')
    return files
  }
}

/**
 * Makes `dir` what `git clone` and `npm ci` with ELECTRON_SKIP_BINARY_DOWNLOAD=1 leave: the
 * repository's files (with `sources`; else only package.json) and a node_modules in which
 * Electron's binary was never downloaded (no node_modules/electron/dist, no path.txt).
 * Packages are linked to this checkout's node_modules except those that must resolve `electron`
 * from the new directory: electron itself and electron-vite, copied, with the .bin links.
 */
export async function freshInstall(dir: string, options: { sources: boolean }): Promise<void> {
  const files = options.sources ? await repositoryFiles() : ['package.json']
  for (const file of files) {
    const from = join(repoRoot, file)
    if (!(await stat(from).catch(() => null))?.isFile()) continue // deleted in the work tree
    await mkdir(dirname(join(dir, file)), { recursive: true })
    await cp(from, join(dir, file))
  }

  const modules = join(dir, 'node_modules')
  await mkdir(modules, { recursive: true })
  for (const name of await readdir(join(repoRoot, 'node_modules'))) {
    const from = join(repoRoot, 'node_modules', name)
    if (name === 'electron')
      await cp(from, join(modules, name), {
        recursive: true,
        filter: (path) => !/[/\\]electron[/\\](dist|path\.txt)$/.test(path),
      })
    else if (name === 'electron-vite' || name === '.bin')
      await cp(from, join(modules, name), { recursive: true, verbatimSymlinks: true })
    else if (!name.startsWith('.')) await symlink(from, join(modules, name))
  }
}
