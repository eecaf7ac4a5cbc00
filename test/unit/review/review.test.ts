import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { createOutbox } from '../../../src/main/publish/outbox'
import { createReviewService } from '../../../src/main/review/reviewService'
import { accountKey, reviewFingerprint } from '../../../src/main/review/reviewContent'
import { createVerdictStore } from '../../../src/main/review/verdictStore'
import type { Draft } from '../../../src/shared/drafts/envelope'
import { readReviewFile } from '../../../src/shared/review/readReviewFile'
import { BUNDLE_DATA_ELEMENT_ID, type VerdictFile } from '../../../src/shared/review/format'
import { image, post } from '../../integration/publish/fixtures'
import { createTestGrants } from '../../support/grantedMedia'
import { fakeAccess, memoryDrafts } from '../publish/fakeAds'

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})
const { localFiles, chosenIn, close: closeGrants } = createTestGrants('review-bundle')
afterAll(closeGrants)

const ACCOUNT = 'acc'
const ID = '00000000-0000-4000-8000-0000000000a1'

function postDraft(content: unknown, id = ID): Draft {
  return {
    id,
    kind: 'post',
    name: 'Spring post',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    schemaVersion: 2,
    status: 'draft',
    content,
  }
}

async function setup(drafts: Draft[], account: string | undefined = ACCOUNT) {
  const dir = await mkdtemp(join(tmpdir(), 'review-secret-folder-'))
  dirs.push(dir)
  const memory = memoryDrafts(drafts)
  const chosen = { bundle: join(dir, 'out.adsreview.html'), open: join(dir, 'verdicts.json') }
  const store = createVerdictStore({ file: join(dir, 'reviews', 'verdicts.json') })
  const review = createReviewService({
    drafts: { find: async (id) => memory.get(id), flush: async () => undefined },
    dialogs: { chooseBundlePath: async () => chosen.bundle, chooseReviewFile: async () => chosen.open },
    store,
    activeAccountId: () => account,
    readLocalMedia: (file) => localFiles.reader.read(file),
  })
  const edit = (id: string, text: string) => {
    const current = memory.all.get(id)!
    memory.all.set(id, { ...current, content: { ...(current.content as object), text } })
  }
  return { dir, memory, chosen, review, edit, store }
}

function verdictFile(
  draft: Draft,
  decision: 'approve' | 'request_changes',
  extra: Partial<VerdictFile> = {},
): VerdictFile {
  return {
    format: 'ads-studio-review-verdicts',
    version: 1,
    bundleId: '00000000-0000-4000-8000-0000000000b1',
    account: { name: 'Studio', key: accountKey(ACCOUNT) },
    reviewer: 'Ana Lead',
    verdicts: [
      {
        draftId: draft.id,
        fingerprint: reviewFingerprint(draft),
        decision,
        comments: [{ field: 'post_text', text: 'Shorter, please' }],
        decidedAt: '2026-02-01T10:00:00.000Z',
      },
    ],
    ...extra,
  }
}

describe('the content fingerprint', () => {
  it('is the same whatever the key order or where the local file lies, and changes with the content', () => {
    const base = post('42', 'Spring', 'Hello')
    const reordered = Object.fromEntries(Object.entries(base).reverse())
    expect(reviewFingerprint({ kind: 'post', content: reordered })).toBe(
      reviewFingerprint({ kind: 'post', content: base }),
    )
    const sha = 'a'.repeat(64)
    const medium = (path: string, token: string | undefined, sha256 = sha) => ({
      ...base,
      media: [
        {
          id: 'm',
          media: {
            source: 'local',
            path,
            ...(token ? { token } : {}),
            sha256,
            mimeType: 'image/png',
            bytes: 10,
          },
        },
      ],
    })
    const here = reviewFingerprint({ kind: 'post', content: medium('/home/ana/a.png', 'A'.repeat(24)) })
    expect(reviewFingerprint({ kind: 'post', content: medium('/mnt/b/a.png', undefined) })).toBe(here)
    expect(
      reviewFingerprint({ kind: 'post', content: medium('/home/ana/a.png', undefined, 'b'.repeat(64)) }),
    ).not.toBe(here)
    expect(reviewFingerprint({ kind: 'post', content: { ...base, text: 'Hello!' } })).not.toBe(
      reviewFingerprint({ kind: 'post', content: base }),
    )
    expect(reviewFingerprint({ kind: 'post', content: base })).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('a review bundle', () => {
  it('is one HTML page with its data, the pictures inlined, and no path, token, account id or network address', async () => {
    const mediaDir = await mkdtemp(join(tmpdir(), 'review-private-media-'))
    dirs.push(mediaDir)
    const picture = await image(chosenIn(mediaDir), 'spring')
    const draft = postDraft(post('42', 'Spring', 'Spring is here <b>now</b>', { media: [picture] }))
    const { review, chosen } = await setup([draft])
    const result = await review.exportBundle({
      ids: [draft.id],
      accountName: 'Studio Main',
      advertiser: '@studio',
    })
    expect(result).toEqual({ exported: 1, fileName: 'out.adsreview.html', mediaLeftOut: 0 })
    const html = await readFile(chosen.bundle, 'utf8')

    expect(html).toMatch(/^<!doctype html>/)
    expect(html).toContain(`http-equiv="Content-Security-Policy" content="default-src 'none'`)
    expect(html).toContain('data:image/png;base64,')
    expect(html).toContain('Spring is here &lt;b&gt;now&lt;/b&gt;')
    for (const secret of [
      mediaDir,
      picture.path,
      picture.token!,
      'review-private-media',
      ACCOUNT + '"',
      'consumer',
      'tokenSecret',
    ])
      expect(html).not.toContain(secret)
    expect(html).not.toMatch(/(src|href)=["']?(https?:)?\/\//i)
    expect(html).not.toMatch(/url\(["']?(https?:)?\/\//i)

    const read = readReviewFile(html)
    expect(read.ok && read.type === 'bundle' && read.bundle.drafts[0]?.fingerprint).toBe(
      reviewFingerprint(draft),
    )
  })

  it('shows content changed inside the file as not matching its fingerprint', async () => {
    const draft = postDraft(post('42', 'Spring', 'Original words'))
    const { review, chosen } = await setup([draft])
    await review.exportBundle({ ids: [draft.id], accountName: 'Studio' })
    const html = await readFile(chosen.bundle, 'utf8')
    await writeFile(chosen.open, html)
    let report = await review.importFile()
    expect(report).toMatchObject({
      type: 'bundle',
      checks: [{ matchesFingerprint: true, sameAsDraft: true }],
    })

    const start = html.indexOf(`id="${BUNDLE_DATA_ELEMENT_ID}"`)
    await writeFile(
      chosen.open,
      html.slice(0, start) + html.slice(start).replace('"text": "Original words"', '"text": "Sneaky words"'),
    )
    report = await review.importFile()
    expect(report).toMatchObject({
      type: 'bundle',
      checks: [{ matchesFingerprint: false, sameAsDraft: true }],
    })
  })
})

describe('verdict files', () => {
  it('are refused with the line and the reason when the JSON or a field is wrong', () => {
    const broken = readReviewFile(
      '{\n  "format": "ads-studio-review-verdicts",\n  "version": 1\n  "bundleId": "x"\n}',
    )
    expect(broken).toEqual({
      ok: false,
      problems: [{ line: 4, reason: expect.stringContaining('a comma or a closing brace } is expected') }],
    })

    const draft = postDraft(post('42', 'Spring', 'Hi'))
    const file = verdictFile(draft, 'approve')
    const text = JSON.stringify({ ...file, verdicts: [{ ...file.verdicts[0], fingerprint: 'abc' }] }, null, 2)
    const line = text.split('\n').findIndex((row) => row.includes('"fingerprint"')) + 1
    const wrong = readReviewFile(text)
    expect(wrong).toEqual({
      ok: false,
      problems: [{ line, reason: 'verdicts[1].fingerprint: must be 64 lowercase hex digits.' }],
    })
    expect(readReviewFile('<html><body>hello</body></html>')).toMatchObject({
      ok: false,
      problems: [{ line: 1 }],
    })
  })

  it('keep verdicts of this account’s drafts, and report a deleted draft or another account’s', async () => {
    const draft = postDraft(post('42', 'Spring', 'Hi'))
    const gone = postDraft(post('42', 'Gone', 'Bye'), '00000000-0000-4000-8000-0000000000a2')
    const elsewhere = {
      ...postDraft(post('42', 'Other', 'Yo'), '00000000-0000-4000-8000-0000000000a3'),
      published: { accountId: 'other' },
    }
    const { review, chosen } = await setup([draft, elsewhere])
    const file = verdictFile(draft, 'approve')
    file.verdicts.push(
      { ...verdictFile(gone, 'approve').verdicts[0]! },
      { ...verdictFile(elsewhere, 'approve').verdicts[0]! },
    )
    await writeFile(chosen.open, JSON.stringify(file, null, 2))
    const report = await review.importFile()
    expect(report).toMatchObject({
      type: 'verdicts',
      applied: [{ draftId: draft.id, decision: 'approve', current: true }],
      reported: [
        { draftId: gone.id, reason: expect.stringContaining('no longer exists') },
        { draftId: elsewhere.id, reason: expect.stringContaining('another ad account') },
      ],
    })

    await writeFile(
      chosen.open,
      JSON.stringify(verdictFile(draft, 'approve', { account: { name: 'Elsewhere', key: accountKey('x') } })),
    )
    expect(await review.importFile()).toMatchObject({
      applied: [],
      reported: [{ reason: expect.stringContaining('“Elsewhere”') }],
    })
  })
})

describe('an approval', () => {
  it('names the version it saw, is voided by a later edit, and the publish gate holds it', async () => {
    const draft = postDraft(post('42', 'Spring', 'Reviewed words'))
    const { review, chosen, memory, edit } = await setup([draft])
    const outbox = createOutbox({
      dataDir: join(chosen.bundle, '..', 'outbox'),
      drafts: memory,
      access: fakeAccess(),
      checkApproval: (current, accountId) => review.checkApproval(current, accountId),
    })
    try {
      // Off by default: publishing needs nothing.
      expect((await outbox.review(draft.id)).approval).toBeUndefined()
      await review.setApprovalRequired(true)
      await expect(outbox.enqueue(draft.id)).rejects.toThrow(
        /has no approval, and this account’s publishing needs one/,
      )
      await expect(outbox.review(draft.id)).rejects.toThrow(/has no approval/)

      await writeFile(chosen.open, JSON.stringify(verdictFile(draft, 'approve')))
      await review.importFile()
      const version = reviewFingerprint(draft).slice(0, 8)
      expect((await review.states([draft.id])).states).toEqual([
        expect.objectContaining({ decision: 'approve', reviewer: 'Ana Lead', version, current: true }),
      ])
      expect((await outbox.review(draft.id)).approval).toMatchObject({ reviewer: 'Ana Lead', version })

      edit(draft.id, 'Words changed after the approval')
      expect((await review.states([draft.id])).states[0]).toMatchObject({ version, current: false })
      await expect(outbox.enqueue(draft.id)).rejects.toThrow(
        new RegExp(`approved as version ${version} by Ana Lead and has changed since`),
      )

      edit(draft.id, 'Reviewed words')
      expect((await outbox.enqueue(draft.id)).state).toBeDefined()
    } finally {
      await outbox.dispose()
    }
  })

  it('does not hold when the reviewer asked for changes on the same version', async () => {
    const draft = postDraft(post('42', 'Spring', 'Words'))
    const { review, chosen } = await setup([draft])
    await review.setApprovalRequired(true)
    await writeFile(chosen.open, JSON.stringify(verdictFile(draft, 'approve')))
    await review.importFile()
    const changes = verdictFile(draft, 'request_changes')
    changes.verdicts[0]!.decidedAt = '2026-02-02T10:00:00.000Z'
    await writeFile(chosen.open, JSON.stringify(changes))
    await review.importFile()
    expect((await review.checkApproval(draft, ACCOUNT)).refusal).toMatch(/Ana Lead requested changes/)
    expect((await review.states()).states[0]).toMatchObject({
      decision: 'request_changes',
      comments: [{ field: 'post_text', label: 'Post text', text: 'Shorter, please' }],
    })
  })
})
