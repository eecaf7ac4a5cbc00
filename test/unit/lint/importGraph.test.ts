import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

// Issue 38's acceptance: no import circle anywhere in src, and no folder cycle in src/main or
// src/shared (a folder importing one that imports it back is one module split in two).

/** The relative imports of a source file, resolved to the files they name. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8')
  const found: string[] = []
  for (const match of source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]/g)) {
    const base = normalize(join(dirname(file), match[1]!))
    const target = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find(existsSync)
    if (target && /\.tsx?$/.test(target)) found.push(target)
  }
  return found
}

const files = (readdirSync('src', { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
  .map((file) => join('src', file))
const graph = new Map(files.map((file) => [file, importsOf(file)]))

/** Each circle once, from the first file of it met. */
function circlesIn(edges: Map<string, Iterable<string>>): string[] {
  const done = new Set<string>()
  const circles: string[] = []
  const visit = (node: string, path: string[]) => {
    const at = path.indexOf(node)
    if (at >= 0) {
      circles.push([...path.slice(at), node].join(' → '))
      return
    }
    if (done.has(node)) return
    for (const next of edges.get(node) ?? []) visit(next, [...path, node])
    done.add(node)
  }
  for (const node of edges.keys()) visit(node, [])
  return circles
}

/** The folder graph of `root`: each first-level folder to the folders its files import from. */
function foldersOf(root: string): Map<string, Set<string>> {
  const folderOf = (file: string) => {
    const parts = relative(root, file).split(sep)
    return parts.length > 1 && !parts[0]!.startsWith('..') ? parts[0]! : null
  }
  const folders = new Map<string, Set<string>>()
  for (const [file, imports] of graph) {
    const from = folderOf(file)
    if (from === null) continue
    const targets = folders.get(from) ?? new Set<string>()
    folders.set(from, targets)
    for (const target of imports) {
      const to = folderOf(target)
      if (to !== null && to !== from) targets.add(to)
    }
  }
  return folders
}

describe('the import graph of src', () => {
  it('is read: the scan finds the imports of the main process and the renderer', () => {
    expect(graph.get(join('src/main/services.ts'))?.length).toBeGreaterThan(10)
    expect(graph.get(join('src/renderer/app/App.tsx'))?.length).toBeGreaterThan(0)
  })

  it('has no circle', () => {
    expect(circlesIn(graph)).toEqual([])
  })

  it.each(['src/main', 'src/shared'])('has no folder cycle in %s', (root) => {
    const folders = foldersOf(root)
    expect(folders.size, 'the folders are found').toBeGreaterThan(3)
    expect(circlesIn(folders)).toEqual([])
  })

  it('finds a circle and a folder cycle where there is one', () => {
    const planted = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ])
    expect(circlesIn(planted)).toEqual(['a → b → c → a'])
  })
})
