import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inspectMediaFile } from '../../../src/main/media/inspect'
import { createMediaGrants } from '../../../src/main/media/mediaGrants'
import { createMediaService } from '../../../src/main/media/mediaService'
import { createGrantedFiles } from '../../../src/main/media/grantedFiles'
import { AppFailure } from '../../../src/shared/errors'
import { buildMp4 } from '../../support/mp4Writer'
import { gif, jpeg, mp4, png, webp } from './fixtures'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ads-studio-media-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function fileWith(name: string, bytes: Buffer): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, bytes)
  return path
}

describe('inspectMediaFile', () => {
  it('reads a PNG: type, size, pixels, hash and a data: preview', async () => {
    const bytes = png(120, 63)
    const path = await fileWith('banner.png', bytes)
    const { ref, preview } = await inspectMediaFile(path)
    expect(ref).toEqual({
      source: 'local',
      path,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      mimeType: 'image/png',
      bytes: bytes.length,
      width: 120,
      height: 63,
      probe: { container: 'png' },
    })
    expect(preview).toBe(`data:image/png;base64,${bytes.toString('base64')}`)
  })

  it.each([
    ['baseline', 0xc0],
    ['progressive', 0xc2],
  ])('reads a %s JPEG behind a Huffman table', async (_label, sof) => {
    const { ref } = await inspectMediaFile(await fileWith(`photo-${sof}.jpg`, jpeg(1600, 900, { sof })))
    expect(ref).toMatchObject({ mimeType: 'image/jpeg', width: 1600, height: 900 })
  })

  it('finds the JPEG frame header after large metadata blocks', async () => {
    const { ref } = await inspectMediaFile(await fileWith('exif.jpg', jpeg(4032, 3024, { appSegments: 4 })))
    expect(ref).toMatchObject({ width: 4032, height: 3024 })
  })

  it('reads a GIF', async () => {
    const { ref } = await inspectMediaFile(await fileWith('loop.gif', gif(480, 270)))
    expect(ref).toMatchObject({ mimeType: 'image/gif', width: 480, height: 270 })
  })

  it.each(['VP8X', 'VP8L', 'VP8 '] as const)('reads a %s WebP', async (kind) => {
    const { ref } = await inspectMediaFile(await fileWith(`image-${kind.trim()}.webp`, webp(kind, 1200, 628)))
    expect(ref).toMatchObject({ mimeType: 'image/webp', width: 1200, height: 628 })
  })

  it('reads an MP4: the video track size (not the audio track) and the duration, with no preview', async () => {
    const { ref, preview } = await inspectMediaFile(await fileWith('clip.mp4', mp4(1920, 1080, 15.5)))
    expect(ref).toMatchObject({ mimeType: 'video/mp4', width: 1920, height: 1080, durationSeconds: 15.5 })
    expect(preview).toBeUndefined()
  })

  it('finds moov after a large mdat in a QuickTime file', async () => {
    const bytes = mp4(1080, 1920, 42, { brand: 'qt  ', moovLast: true, mdatBytes: 3_000_000 })
    const { ref } = await inspectMediaFile(await fileWith('story.mov', bytes))
    expect(ref).toMatchObject({ mimeType: 'video/quicktime', width: 1080, height: 1920, durationSeconds: 42 })
  })

  it('keeps large images without a preview rather than copying them across IPC', async () => {
    const bytes = Buffer.concat([gif(800, 418), Buffer.alloc(9 * 1024 * 1024)])
    const { ref, preview } = await inspectMediaFile(await fileWith('huge.gif', bytes))
    expect(ref).toMatchObject({ width: 800, height: 418, bytes: bytes.length })
    expect(preview).toBeUndefined()
  })
})

describe('files that are not usable media', () => {
  it.each([
    [
      'a text file',
      'notes.txt',
      Buffer.from('hello, this is not an image'),
      /notes\.txt is not a supported medium/,
    ],
    ['an empty file', 'empty.png', Buffer.alloc(0), /empty\.png is empty/],
    ['a PNG cut off before its header', 'cut.png', png(10, 10).subarray(0, 18), /PNG file is damaged/],
    ['a PNG claiming zero width', 'zero.png', png(10, 10).fill(0, 16, 20), /PNG file is damaged/],
    [
      'a JPEG with no frame header',
      'noframe.jpg',
      Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0, 0]),
      /JPEG file is damaged/,
    ],
    [
      'a WebP with an unknown chunk',
      'odd.webp',
      Buffer.concat([webp('VP8X', 5, 5).fill(65, 12, 16)]),
      /WebP file is damaged/,
    ],
    [
      'an MP4 without a movie header',
      'nomoov.mp4',
      mp4(10, 10, 1).subarray(0, 20),
      /MP4 file is damaged or incomplete/,
    ],
    ['an MP4 with only audio', 'audio.mp4', buildMp4({ audio: {} }), /no video track/],
  ])('refuses %s with a sentence naming the problem', async (_label, name, bytes, message) => {
    await expect(inspectMediaFile(await fileWith(name, bytes))).rejects.toThrow(message)
  })

  it('says when a file is missing, a folder, or not an absolute path', async () => {
    await expect(inspectMediaFile(join(dir, 'gone.png'))).rejects.toThrow(/gone\.png could not be found/)
    await mkdir(join(dir, 'folder.png'))
    await expect(inspectMediaFile(join(dir, 'folder.png'))).rejects.toThrow(/is a folder/)
    await expect(inspectMediaFile('relative/banner.png')).rejects.toThrow(/not a full file path/)
  })
})

describe('the media service', () => {
  it('reads the file the dialog chose, and reports a cancelled dialog', async () => {
    const path = await fileWith('chosen.png', png(800, 418))
    const answers: (string | null)[] = [path, null]
    const grants = createMediaGrants({ file: join(dir, 'grants.json') })
    const service = createMediaService(
      { chooseMediaFile: async () => answers.shift() ?? null },
      grants,
      createGrantedFiles(grants),
    )
    expect(await service.pickLocal()).toMatchObject({ picked: true, ref: { path, width: 800, height: 418 } })
    expect(await service.pickLocal()).toEqual({ picked: false })
  })

  it('turns unreadable files into person-facing failures for IPC', async () => {
    const path = await fileWith('bad.bin', Buffer.from('nope'))
    const grants = createMediaGrants({ file: join(dir, 'grants.json') })
    const service = createMediaService(
      { chooseMediaFile: async () => path },
      grants,
      createGrantedFiles(grants),
    )
    const failure = await service.pickLocal().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AppFailure)
    expect(failure).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/bad\.bin is not a supported/),
    })
  })
})
