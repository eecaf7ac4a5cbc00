// Product images read on the device before sending (issue 45 item 4, A:30 and A:192), against
// the sandbox's sample images: a single save, an import's image check and its send, the send
// step's own gate, and the thumbnails main fetches for the page.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportImages, ProductImageView, ProductRow } from '../../../src/shared/ipc/contracts/catalogs'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { openConnectedApp, type ConnectedApp } from '../library/connectedApp'

let sandbox: Sandbox
let app: ConnectedApp
let dir: string
const feeds: string[] = []

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  dir = await mkdtemp(join(tmpdir(), 'product-images-it-'))
  app = await openConnectedApp(sandbox, {
    keychainService: `Ads Studio product images test ${process.pid}`,
    config: {
      catalogDialogs: {
        chooseFeedFile: async () => feeds.shift() ?? null,
        chooseCsvExportPath: async () => null,
      },
      outbox: { backoffBaseMs: 20, backoffMaxMs: 100 },
    },
  })
  await app.call('catalog.save', { profileId: app.profile.id, name: 'Images' })
  await app.services.outbox.idle()
})
afterAll(async () => {
  await app?.close()
  await sandbox?.close()
  await rm(dir, { recursive: true, force: true })
})

const profileId = () => app.profile.id
const image = (size: string, query = '') => `${sandbox.apiUrl}/sample-images/${size}${query}`
const OVER_5_MB = `?pad=${5 * 1024 * 1024 + 10}`
/** An image on a host Ads Studio does not read for a sandbox profile: nothing is fetched. */
const ELSEWHERE = 'https://cdn.shop.example/images/boot.jpg'

const product = (id: string, imageLink: string) => ({
  id,
  title: `Product ${id}`,
  description: 'A plain description',
  availability: 'in stock',
  condition: 'new',
  price: '20.00 USD',
  link: `https://shop.example.com/p/${id}`,
  image_link: imageLink,
  brand: 'Acme',
})

describe('a product saved from the editor', () => {
  it('is refused on its image field when the image is 499×500, and queued at 500×500', async () => {
    await expect(
      app.call('catalog.saveProduct', {
        profileId: profileId(),
        isNew: true,
        product: product('narrow', image('499x500.png')),
      }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'image_link',
      message: expect.stringMatching(/499×500 px; the platform needs at least 500×500 px/),
    })
    const saved = await app.call<{ row: ProductRow; jobId?: string }>('catalog.saveProduct', {
      profileId: profileId(),
      isNew: true,
      product: product('square', image('500x500.png')),
    })
    expect(saved.jobId).toEqual(expect.any(String))
    expect(saved.row.imageLink).toBe(image('500x500.png'))
  })

  it('is refused when the image is over 5 MB or not an image, and saved when it cannot be read', async () => {
    await expect(
      app.call('catalog.saveProduct', {
        profileId: profileId(),
        isNew: true,
        product: product('heavy', image('600x600.png', OVER_5_MB)),
      }),
    ).rejects.toMatchObject({ field: 'image_link', message: expect.stringMatching(/at most 5 MB/) })
    await expect(
      app.call('catalog.saveProduct', {
        profileId: profileId(),
        isNew: true,
        product: product('text', image('600x600.txt')),
      }),
    ).rejects.toMatchObject({ field: 'image_link', message: expect.stringMatching(/JPG, GIF, WEBP or PNG/) })
    const unread = await app.call<{ jobId?: string }>('catalog.saveProduct', {
      profileId: profileId(),
      isNew: true,
      product: product('elsewhere', ELSEWHERE),
    })
    expect(unread.jobId).toEqual(expect.any(String))
    await app.services.outbox.idle()
  })
})

describe('an import', () => {
  it('lists the rows whose image is at fault, leaves them out of the send, and warns of the rest', async () => {
    const header = 'id,title,description,availability,condition,price,link,image_link,brand'
    const row = (id: string, imageLink: string) =>
      Object.values(product(id, imageLink))
        .map((value) => (value.includes(',') ? `"${value}"` : value))
        .join(',')
    const path = join(dir, 'images.csv')
    await writeFile(
      path,
      [
        header,
        row('ok-1', image('600x600.png')),
        row('small', image('499x500.png')),
        row('ok-2', image('600x600.png')),
        row('heavy', image('600x600.png', OVER_5_MB)),
        row('text', image('600x600.txt')),
        row('remote', ELSEWHERE),
      ].join('\n') + '\n',
    )
    feeds.push(path)
    const opened = await app.call<{ importId: string; mapping: Record<string, string> }>(
      'catalog.importOpen',
      { profileId: profileId() },
    )
    const request = { profileId: profileId(), importId: opened.importId, mapping: opened.mapping }
    const report = await app.call<{ valid: number }>('catalog.importCheck', {
      importId: opened.importId,
      mapping: opened.mapping,
    })
    expect(report.valid).toBe(6)

    const images = await app.call<ImportImages>('catalog.importImages', request)
    expect(images).toMatchObject({ checked: 6, failing: 3, notChecked: 1 })
    expect(images.notCheckedMessage).toMatch(/^Image not checked: /)
    expect(images.rows.map((found) => [found.row, found.id, found.issues[0]?.field])).toEqual([
      [2, 'small', 'image_link'],
      [4, 'heavy', 'image_link'],
      [5, 'text', 'image_link'],
    ])
    expect(images.rows[0]?.issues[0]).toMatchObject({
      severity: 'error',
      message: expect.stringMatching(/499×500/),
    })

    const before = sandbox.created().products
    const sent = await app.call<{ jobId: string; sent: number; skipped: number }>(
      'catalog.importSend',
      request,
    )
    expect(sent).toMatchObject({ sent: 3, skipped: 3 })
    await app.services.outbox.idle()
    const job = (await app.call<{ job: OutboxJobView }>('outbox.get', { jobId: sent.jobId })).job
    expect(job.state).toBe('done')
    expect(sandbox.created().products).toBe(before + 3)
  })
})

describe('thumbnails', () => {
  it('are fetched by main from the sandbox, with what the check read when asked', async () => {
    const view = await app.call<ProductImageView>('catalog.productImage', {
      profileId: profileId(),
      url: image('600x600.png'),
      check: true,
    })
    expect(view.dataUrl).toMatch(/^data:image\/png;base64,/)
    expect(view.check).toMatchObject({ issues: [], width: 600, height: 600 })

    const unread = await app.call<ProductImageView>('catalog.productImage', {
      profileId: profileId(),
      url: ELSEWHERE,
      check: true,
    })
    expect(unread.dataUrl).toBeUndefined()
    expect(unread.check?.issues).toEqual([
      expect.objectContaining({
        field: 'image_link',
        severity: 'warning',
        message: expect.stringMatching(/not checked/),
      }),
    ])
  })
})
