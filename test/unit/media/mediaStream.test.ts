import { createHash } from 'node:crypto'
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { GrantedFileError, type LocalMediaReader } from '../../../src/main/media/grantedFiles'
import { readOnce } from '../../../src/main/media/mediaStream'
import { createTestGrants } from '../../support/grantedMedia'
import { pngOf } from '../../support/mediaFixtures'

const { localFiles, chosenIn, close } = createTestGrants('media-stream')
const dirs: string[] = []
afterAll(async () => {
  await close()
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** A granted PNG of some hundred bytes, and its bytes. */
async function grantedPng(name: string) {
  const dir = await mkdtemp(join(tmpdir(), 'media-stream-'))
  dirs.push(dir)
  const path = join(dir, name)
  const bytes = pngOf(300, 200, name)
  await writeFile(path, bytes)
  await chosenIn(dir).choose(path)
  return { file: { path, mimeType: 'image/png' }, bytes }
}

describe('a granted file read for an upload, slice by slice', () => {
  it('gives each slice once and the hash of the whole file with the last one', async () => {
    const { file, bytes } = await grantedPng('slices.png')
    expect(bytes.length).toBeGreaterThan(300)
    const stream = await localFiles.reader.open(file)
    try {
      const slices: Uint8Array[] = []
      const hashes: (string | undefined)[] = []
      for (let at = 0; at < stream.size; at += 100) {
        const slice = await stream.read(at, 100)
        slices.push(slice.bytes)
        hashes.push(slice.sha256)
      }
      expect(Buffer.concat(slices).equals(bytes)).toBe(true)
      expect(hashes.slice(0, -1).every((hash) => hash === undefined)).toBe(true)
      expect(hashes.at(-1)).toBe(sha(bytes))
      expect(await stream.sha256()).toBe(await localFiles.reader.digest(file))
    } finally {
      await stream.close()
    }
  })

  it("hashes the bytes before a resumed upload's first slice, and those sent again once", async () => {
    const { file, bytes } = await grantedPng('resumed.png')
    const stream = await localFiles.reader.open(file)
    try {
      expect(Buffer.from((await stream.read(200, 50)).bytes).equals(bytes.subarray(200, 250))).toBe(true)
      // An upload that started over sends from the start again.
      expect(Buffer.from((await stream.read(0, 100)).bytes).equals(bytes.subarray(0, 100))).toBe(true)
      expect(await stream.sha256()).toBe(sha(bytes))
    } finally {
      await stream.close()
    }
  })

  it('refuses a file that grew after it was opened', async () => {
    const { file } = await grantedPng('grows.png')
    const stream = await localFiles.reader.open(file)
    try {
      await appendFile(file.path, 'more')
      await expect(stream.sha256()).rejects.toMatchObject({ reason: 'changed' })
    } finally {
      await stream.close()
    }
  })
})

describe('one read per publish (readOnce)', () => {
  /** A reader that counts how often it reads a file. */
  function countingReader(bytes: Uint8Array) {
    const counts = { read: 0, digest: 0, open: 0 }
    const reader: LocalMediaReader = {
      read: async () => {
        counts.read += 1
        return { bytes: new Uint8Array(bytes), sha256: sha(bytes) }
      },
      digest: async () => {
        counts.digest += 1
        return sha(bytes)
      },
      open: () => {
        counts.open += 1
        return Promise.reject(new GrantedFileError('missing'))
      },
    }
    return { reader, counts }
  }

  it("gives the upload the bytes the preflight's check read, once", async () => {
    const bytes = pngOf(120, 80, 'once')
    const { reader, counts } = countingReader(bytes)
    const media = readOnce(reader)
    const step = { path: '/media/once.png', mimeType: 'image/png', sha256: sha(bytes) }
    expect(await media.digest(step)).toBe(sha(bytes))
    const stream = await media.open(step)
    const slice = await stream.read(0, 1 << 20)
    expect(Buffer.from(slice.bytes).equals(bytes)).toBe(true)
    expect(slice.sha256).toBe(sha(bytes))
    expect(counts).toEqual({ read: 1, digest: 0, open: 0 })
    // Taken: a second upload of it reads the file itself.
    await expect(media.open(step)).rejects.toBeInstanceOf(GrantedFileError)
    expect(counts.open).toBe(1)
  })

  it('keeps nothing for a file that changed, nor for a video, which may be far larger', async () => {
    const bytes = pngOf(120, 80, 'changed')
    const { reader, counts } = countingReader(bytes)
    const media = readOnce(reader)
    const changed = { path: '/media/changed.png', mimeType: 'image/png', sha256: 'f'.repeat(64) }
    expect(await media.digest(changed)).toBe(sha(bytes))
    await expect(media.open({ ...changed, sha256: sha(bytes) })).rejects.toBeInstanceOf(GrantedFileError)
    const video = { path: '/media/clip.mp4', mimeType: 'video/mp4', sha256: sha(bytes) }
    await media.digest(video)
    await expect(media.open(video)).rejects.toBeInstanceOf(GrantedFileError)
    expect(counts).toEqual({ read: 1, digest: 1, open: 2 })
  })
})
