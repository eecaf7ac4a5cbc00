import { createHash } from 'node:crypto'
import { mkdtemp, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FingerprintSet } from '../../../src/main/audiences/fingerprints'
import { reportInWorker, streamChunks } from '../../../src/main/audiences/hashWorkerClient'
import { openList } from '../../../src/main/audiences/listFile'
import {
  CHUNK_LIMITS,
  emptyCounts,
  scanChunks,
  type Chunk,
  type ListLayout,
  type OperationSettings,
} from '../../../src/main/audiences/scanner'
import { IDENTIFIER_TYPES } from '../../../src/shared/audiences/identifiers'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'audience-pipeline-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const sha = (text: string) => createHash('sha256').update(text).digest('hex')
const update: OperationSettings = { operationType: 'Update', target: 'custom_audience' }

async function file(name: string, text: string | Buffer): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, text)
  return path
}

async function layoutOf(path: string): Promise<ListLayout> {
  const opened = await openList(path, IDENTIFIER_TYPES)
  return {
    path,
    size: opened.size,
    mtimeMs: opened.mtimeMs,
    delimiter: opened.delimiter,
    dataStart: opened.dataStart,
    columns: Object.entries(opened.mapping).map(([column, type]) => [Number(column), type!]),
  }
}

async function allChunks(layout: ListLayout, resumeOffset?: number, firstChunkIndex?: number) {
  const counts = emptyCounts()
  const chunks: Chunk[] = []
  for await (const chunk of scanChunks(layout, update, counts, {
    ...(resumeOffset !== undefined ? { resumeOffset, firstChunkIndex: firstChunkIndex ?? 0 } : {}),
  }))
    chunks.push(chunk)
  return { counts, chunks }
}

const emails = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `Person${from + i}@Example.com`)

describe('chunking', () => {
  it('cuts requests at 2,500 operations, each a hashed, normalized user', async () => {
    const path = await file('big.csv', `email\n${emails(0, 6_001).join('\n')}\n`)
    const { counts, chunks } = await allChunks(await layoutOf(path))
    expect(chunks.map((chunk) => chunk.records)).toEqual([2_500, 2_500, 1_001])
    expect(counts).toMatchObject({ rowsRead: 6_001, accepted: 6_001, records: 6_001, duplicatesRemoved: 0 })
    const first = JSON.parse(chunks[0]!.body) as {
      operation_type: string
      params: { users: { email: string[] }[] }
    }[]
    expect(first).toHaveLength(2_500)
    expect(first[0]).toEqual({
      operation_type: 'Update',
      params: { users: [{ email: [sha('person0@example.com')] }] },
    })
    for (const chunk of chunks) expect(Buffer.byteLength(chunk.body)).toBeLessThanOrEqual(CHUNK_LIMITS.bytes)
  })

  it('cuts at the byte limit first when that comes before the operation limit', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => `C${i},p${i}@example.com`)
    const path = await file('wide.csv', `partner_user_id,email\n${rows.join('\n')}\n`)
    const layout = {
      ...(await layoutOf(path)),
      columns: [
        [0, 'partner_user_id'],
        [1, 'email'],
      ] as ListLayout['columns'],
    }
    const counts = emptyCounts()
    const chunks: Chunk[] = []
    for await (const chunk of scanChunks(layout, update, counts, {
      limits: { operations: 2_500, bytes: 20_000 },
    }))
      chunks.push(chunk)
    expect(chunks.length).toBeGreaterThanOrEqual(4)
    expect(chunks.reduce((sum, chunk) => sum + chunk.records, 0)).toBe(500)
    for (const chunk of chunks) {
      expect(Buffer.byteLength(chunk.body)).toBeLessThanOrEqual(20_000)
      // Full: one more operation would have crossed the limit.
      if (chunk !== chunks.at(-1)) expect(Buffer.byteLength(chunk.body)).toBeGreaterThan(20_000 - 200)
    }
    // partner_user_id travels as written; everything else hashed.
    expect(chunks[0]!.body).toContain('"partner_user_id":["C0"]')
  })

  it('sends platform_id identifiers hashed, under their own key (A:57)', async () => {
    const path = await file('ids.csv', 'platform_id\n1700000000000000042\nnot-an-id\n')
    const layout = { ...(await layoutOf(path)), columns: [[0, 'platform_id']] as ListLayout['columns'] }
    const counts = emptyCounts()
    const chunks: Chunk[] = []
    for await (const chunk of scanChunks(layout, update, counts)) chunks.push(chunk)
    const hash = createHash('sha256').update('1700000000000000042').digest('hex')
    expect(chunks.map((chunk) => chunk.records)).toEqual([1])
    expect(chunks[0]!.body).toContain(`"platform_id":["${hash}"]`)
    expect(chunks[0]!.body).not.toContain('1700000000000000042')
  })

  it('a resume from an acknowledged chunk sends exactly the chunks after it, duplicates still removed', async () => {
    const list = [...emails(0, 3_000), ...emails(0, 100), ...emails(3_000, 6_000)]
    const path = await file('resume.csv', `email\r\n${list.join('\r\n')}\r\n`)
    const layout = await layoutOf(path)
    const whole = await allChunks(layout)
    expect(whole.counts.duplicatesRemoved).toBe(100)
    const resumed = await allChunks(layout, whole.chunks[0]!.endOffset, 1)
    expect(resumed.chunks.map((chunk) => chunk.body)).toEqual(
      whole.chunks.slice(1).map((chunk) => chunk.body),
    )
    expect(resumed.chunks[0]!.index).toBe(1)
  })

  it('resume points are line starts in bytes across read buffers, with multi-byte text and CRLF', async () => {
    // More than one 1 MB read buffer, every row holding multi-byte characters (a partner id),
    // so character and byte offsets differ and lines straddle the buffers' edges.
    const rows = Array.from({ length: 30_000 }, (_, i) => `Kundé-${i}-€🙂,person${i}@example.com`)
    const text = `partner,email\r\n${rows.join('\r\n')}\r\n`
    const path = await file('multibyte.csv', text)
    const bytes = Buffer.from(text)
    expect(bytes.length).toBeGreaterThan(1 << 20)
    const layout = {
      ...(await layoutOf(path)),
      columns: [
        [0, 'partner_user_id'],
        [1, 'email'],
      ] as ListLayout['columns'],
    }
    const whole = await allChunks(layout)
    expect(whole.counts).toMatchObject({ rowsRead: 30_000, records: 30_000, lineEnding: 'crlf' })
    for (const chunk of whole.chunks) expect(bytes[chunk.endOffset - 1]).toBe(0x0a)
    expect(whole.chunks.at(-1)!.endOffset).toBe(bytes.length)
    const last = JSON.parse(whole.chunks.at(-1)!.body) as {
      params: { users: { partner_user_id: string[] }[] }
    }[]
    expect(last.at(-1)!.params.users[0]!.partner_user_id).toEqual(['Kundé-29999-€🙂'])
    const middle = whole.chunks[5]!
    const resumed = await allChunks(layout, middle.endOffset, 6)
    expect(resumed.chunks.map((chunk) => chunk.body)).toEqual(
      whole.chunks.slice(6).map((chunk) => chunk.body),
    )
  })

  it('skips invalid rows, counts them per reason, and never puts them in a request', async () => {
    const path = await file(
      'mixed.csv',
      [
        'email,phone',
        'ann@example.com,',
        'not-an-email,',
        ',',
        'bob@example.com,+1 415 555 0101',
        'x@y,12',
        '"broken,',
      ].join('\n'),
    )
    const layout = {
      ...(await layoutOf(path)),
      columns: [
        [0, 'email'],
        [1, 'phone_number'],
      ] as ListLayout['columns'],
    }
    const { counts, chunks } = await allChunks(layout)
    expect(counts.rowsRead).toBe(6)
    expect(counts.accepted).toBe(2)
    expect(counts.rejected).toEqual({ invalid_email: 2, empty: 1, unreadable_row: 1 })
    const body = chunks.map((chunk) => chunk.body).join('')
    for (const raw of ['not-an-email', 'x@y', 'ann@example.com', 'bob@example.com', '4155550101'])
      expect(body).not.toContain(raw)
    expect(body).toContain(sha('14155550101'))
  })
})

describe('the worker thread', () => {
  it('gives the same report and the same requests as the pipeline run in-thread', async () => {
    const path = await file('worker.txt', `${[...emails(0, 5_100), ...emails(0, 7)].join('\n')}\n`)
    const layout = await layoutOf(path)
    const report = await reportInWorker(layout)
    expect(report).toMatchObject({ rowsRead: 5_107, records: 5_100, duplicatesRemoved: 7, chunks: 3 })
    const stream = streamChunks(layout, update, { offset: layout.dataStart, chunkIndex: 0 })
    const bodies: string[] = []
    for (let chunk = await stream.next(); chunk; chunk = await stream.next()) bodies.push(chunk.body)
    await stream.close()
    expect(bodies).toEqual((await allChunks(layout)).chunks.map((chunk) => chunk.body))
  })
})

describe('bad files: a sentence, nothing sent', () => {
  it('refuses an empty file', async () => {
    await expect(openList(await file('empty.csv', ''), IDENTIFIER_TYPES)).rejects.toThrow(/empty/)
  })

  it('refuses a 2 GB file from its size, without reading it', async () => {
    const path = await file('huge.csv', '')
    await truncate(path, 2 * 1024 ** 3)
    await expect(openList(path, IDENTIFIER_TYPES)).rejects.toThrow(/2,048 MB; lists up to 1,024 MB/)
  })

  it('refuses binary data', async () => {
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x14, 0x00, 0x08])
    await expect(openList(await file('list.xlsx.csv', bytes), IDENTIFIER_TYPES)).rejects.toThrow(
      /binary data/,
    )
  })

  it('refuses a file with no recognizable column', async () => {
    await expect(
      openList(await file('cities.csv', 'city,country\nParis,FR\nLyon,FR\n'), IDENTIFIER_TYPES),
    ).rejects.toThrow(/No column of this file looks like/)
  })

  it('refuses mixed line endings when the list is checked', async () => {
    // The mix starts past what opening the file reads, so only the check's full read finds it.
    const rows = emails(0, 8_000)
    const path = await file(
      'mixed-endings.csv',
      `email\r\n${rows.join('\r\n')}\r\nbob@example.com\ncid@example.com\r\n`,
    )
    await expect(reportInWorker(await layoutOf(path))).rejects.toThrow(/mixes line endings/)
  })

  // Issue 39, D21: opening a list read its first 64 KB as lines split on "\n" only, so a CR-only
  // file or a second line longer than a row may be got the wrong sentence ("no column looks
  // like…", "a header row but no people"). Opening now holds the lines to the upload's rules.
  it.each([
    ['CR-only lines, short', `email\r${emails(0, 3).join('\r')}\r`, /^Line 1 uses old Mac line endings/],
    ['CR-only lines, long', `email\r${emails(0, 8_000).join('\r')}\r`, /^Line 1 uses old Mac line endings/],
    [
      'a second line longer than any row',
      `email\n${'x'.repeat(70_000)}@example.com\nann@example.com\n`,
      /^Line 2 is longer than 64 KB/,
    ],
    [
      'line endings mixed within the first lines',
      'email\r\nann@example.com\nbob@example.com\r\n',
      /^This file mixes line endings/,
    ],
  ])('names the problem with %s when the file is opened', async (_label, text, message) => {
    await expect(openList(await file('opened.csv', text), IDENTIFIER_TYPES)).rejects.toThrow(message)
  })

  it('names old Mac line endings (CR only) as such, in a short file and in a long one', async () => {
    for (const rows of [3, 5_000]) {
      const text = `email\r${emails(0, rows).join('\r')}\r`
      const path = await file(`old-mac-${rows}.csv`, text)
      const layout: ListLayout = {
        path,
        size: Buffer.byteLength(text),
        mtimeMs: (await stat(path)).mtimeMs,
        delimiter: '',
        dataStart: 0,
        columns: [[0, 'email']],
      }
      await expect(allChunks(layout)).rejects.toThrow(/old Mac line endings/)
    }
  })

  it('refuses to go on with a file changed since it was checked', async () => {
    const path = await file('changing.csv', `email\n${emails(0, 10).join('\n')}\n`)
    const layout = await layoutOf(path)
    await utimes(path, new Date(), new Date(Date.now() + 5_000))
    await expect(allChunks(layout)).rejects.toThrow(/changed after it was checked/)
  })
})

describe('the duplicate check', () => {
  it('stays within its table once full and says so', () => {
    const set = new FingerprintSet(1 << 16)
    let added = 0
    for (let i = 1; i <= 60_000; i++) if (set.add(i * 2654435761, i)) added += 1
    expect(added).toBe(60_000)
    expect(set.capped).toBe(true)
    expect(set.add(2654435761, 1)).toBe(false)
  })
})
