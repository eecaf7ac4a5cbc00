// Sharing, the targeting look-up and do-not-reach lists against the sandbox, through the
// validating IPC dispatcher and the outbox.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ListReport, PermissionView } from '../../../src/shared/ipc/contracts/audiences'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { SEEDED_AUDIENCES, SEEDED_DO_NOT_REACH_LISTS } from '../../../sandbox/seedAudiences'
import { type App } from '../publish/harness'
import { useSandboxApps } from '../../support/sandboxApps'

const sha = (text: string) => createHash('sha256').update(text).digest('hex')
const apps = useSandboxApps('audience sharing', { port: 0, limits: { audienceProcessingMs: 0 } })
let app: App
let profileId: string
const dialogAnswers: string[] = []

beforeAll(async () => {
  const connected = await apps.connected('app', {
    audienceDialogs: { chooseListFile: async () => dialogAnswers.shift() ?? null },
  })
  app = connected.app
  profileId = connected.profile.id
  await app.call('accounts.select', { profileId, accountId: apps.sandbox.demo.accountIds[0] })
})

describe('the audiences of an account', () => {
  // Issue 39, D15: the upload history was read with a plain readFile, which waits on a FIFO for good.
  it('reads the upload history through the safe reader: a FIFO in its place is set aside', async () => {
    const audiences = join(apps.workDir, 'app', 'audiences')
    await mkdir(audiences, { recursive: true })
    execFileSync('mkfifo', [join(audiences, 'uploads.json')])
    const list = await app.call<{ uploads: unknown[] }>('audiences.list', { profileId })
    expect(list.uploads).toEqual([])
    expect(
      (await readdir(audiences)).filter((name) => name.startsWith('uploads.json.damaged-')),
    ).toHaveLength(1)
  })

  it('lists owned and shared audiences and the do-not-reach lists', async () => {
    const list = await app.call<{
      audiences: { id: string; isOwner: boolean }[]
      doNotReachLists: { id: string }[]
    }>('audiences.list', { profileId })
    const byId = new Map(list.audiences.map((audience) => [audience.id, audience]))
    expect(byId.get(SEEDED_AUDIENCES.newsletter)?.isOwner).toBe(true)
    expect(byId.get(SEEDED_AUDIENCES.secondCrm)?.isOwner).toBe(false)
    expect(byId.has(SEEDED_AUDIENCES.foreign)).toBe(false)
    expect(list.doNotReachLists.map((entry) => entry.id)).toContain(SEEDED_DO_NOT_REACH_LISTS.unsubscribed)
  })

  it('shows the line items targeting an audience, servable or not, and its permissions', async () => {
    const details = await app.call<{
      permissions: PermissionView[]
      targeted: { campaignName: string; lineItems: { name: string }[] }[]
    }>('audiences.details', { profileId, audienceId: SEEDED_AUDIENCES.newsletter })
    const names = details.targeted.flatMap((entry) => entry.lineItems.map((item) => item.name))
    expect(names).toEqual(expect.arrayContaining(['Website clicks', 'App installs']))
    expect(details.permissions.map((permission) => permission.grantedAccountId)).toEqual([
      apps.sandbox.demo.accountIds[1],
    ])
  })

  it('explains, for a shared audience, that only its owner manages sharing', async () => {
    const details = await app.call<{ permissions: PermissionView[]; permissionsNote?: string }>(
      'audiences.details',
      { profileId, audienceId: SEEDED_AUDIENCES.secondCrm },
    )
    expect(details.permissions).toEqual([])
    expect(details.permissionsNote).toMatch(/only the owner/)
  })
})

describe('sharing', () => {
  it('grants READ_WRITE, changes nothing else, and revokes', async () => {
    const granted = await app.call<PermissionView>('audiences.grant', {
      profileId,
      audienceId: SEEDED_AUDIENCES.purchasers,
      grantedAccountId: apps.sandbox.demo.accountIds[1],
      permissionLevel: 'READ_WRITE',
    })
    expect(granted).toMatchObject({
      grantedAccountId: apps.sandbox.demo.accountIds[1],
      permissionLevel: 'READ_WRITE',
    })
    const revoked = await app.call<PermissionView>('audiences.revoke', {
      profileId,
      audienceId: SEEDED_AUDIENCES.purchasers,
      permissionId: granted.id,
    })
    expect(revoked.deleted).toBe(true)
  })

  it('refuses, with the reason, to share an audience this account does not own', async () => {
    await expect(
      app.call('audiences.grant', {
        profileId,
        audienceId: SEEDED_AUDIENCES.secondCrm,
        grantedAccountId: apps.sandbox.demo.otherAccountId,
        permissionLevel: 'READ_ONLY',
      }),
    ).rejects.toThrow(/does not own .*Only the owning account can share it/)
  })

  it('explains the business rule and the feature that lifts it', async () => {
    const attempt = () =>
      app.call<PermissionView>('audiences.grant', {
        profileId,
        audienceId: SEEDED_AUDIENCES.newsletter,
        grantedAccountId: apps.sandbox.demo.otherAccountId,
        permissionLevel: 'READ_ONLY',
      })
    await expect(attempt()).rejects.toMatchObject({
      code: 'forbidden',
      field: 'grantedAccountId',
      message: expect.stringMatching(
        /same business, unless the owning account has the account feature “Sharing audiences with accounts of other businesses”/,
      ),
    })
    await app.call('accounts.addFeatures', {
      profileId,
      accountId: apps.sandbox.demo.accountIds[0],
      featureKeys: ['SHARE_AUDIENCE_OUTSIDE_BUSINESS'],
    })
    // Features are added through the outbox.
    await app.services.outbox.idle()
    expect((await attempt()).grantedAccountId).toBe(apps.sandbox.demo.otherAccountId)
  })
})

describe('do-not-reach lists', () => {
  it('uploads emails and phone numbers hashed, with an expiry, and deletes the list after confirmation', async () => {
    const path = join(apps.workDir, 'optouts.csv')
    await writeFile(path, 'email,phone\nOptOut.A@Example.com,+44 20 7946 0958\noptout.b@example.com,\n')
    dialogAnswers.push(path)
    const target = { kind: 'do_not_reach_list', id: SEEDED_DO_NOT_REACH_LISTS.legalHold }
    const opened = await app.call<{ listId: string; mapping: { column: number; type: string }[] }>(
      'audiences.openList',
      { profileId, target },
    )
    expect(opened.mapping).toEqual([
      { column: 0, type: 'email' },
      { column: 1, type: 'phone_number' },
    ])
    const report = await app.call<ListReport>('audiences.checkList', {
      listId: opened.listId,
      mapping: opened.mapping,
    })
    await expect(
      app.call('audiences.sendList', {
        listId: opened.listId,
        operationType: 'Update',
        effectiveAt: new Date().toISOString(),
        confirmedRecords: report.records,
      }),
    ).rejects.toMatchObject({ field: 'effectiveAt' })
    await app.call('audiences.sendList', {
      listId: opened.listId,
      operationType: 'Update',
      confirmedRecords: report.records,
    })
    await app.services.outbox.idle()
    const members = apps.sandbox.doNotReachListMembers(SEEDED_DO_NOT_REACH_LISTS.legalHold)!
    expect(members.count).toBe(3)
    expect(members.has('email', sha('optout.a@example.com'))).toBe(true)
    expect(members.has('phone_number', sha('442079460958'))).toBe(true)

    await expect(
      app.call('audiences.deleteDoNotReachList', {
        profileId,
        listId: SEEDED_DO_NOT_REACH_LISTS.legalHold,
        confirmName: 'wrong name',
      }),
    ).rejects.toMatchObject({ field: 'confirmName' })
    const lists = await app.call<{ doNotReachLists: { id: string; name: string }[] }>('audiences.list', {
      profileId,
    })
    const name = lists.doNotReachLists.find((entry) => entry.id === SEEDED_DO_NOT_REACH_LISTS.legalHold)!.name
    const { job } = await app.call<{ job: OutboxJobView }>('audiences.deleteDoNotReachList', {
      profileId,
      listId: SEEDED_DO_NOT_REACH_LISTS.legalHold,
      confirmName: name,
    })
    await app.services.outbox.idle()
    expect((await app.call<{ job: OutboxJobView }>('outbox.get', { jobId: job.id })).job.state).toBe('done')
    const after = await app.call<{ doNotReachLists: { id: string }[] }>('audiences.list', { profileId })
    expect(after.doNotReachLists.map((entry) => entry.id)).not.toContain(SEEDED_DO_NOT_REACH_LISTS.legalHold)
  })

  it('refuses a column type a do-not-reach list does not take', async () => {
    const path = join(apps.workDir, 'handles.csv')
    await writeFile(path, 'handle,email\n@ann,ann@example.com\n')
    dialogAnswers.push(path)
    const opened = await app.call<{ listId: string }>('audiences.openList', {
      profileId,
      target: { kind: 'do_not_reach_list', id: SEEDED_DO_NOT_REACH_LISTS.unsubscribed },
    })
    await expect(
      app.call('audiences.checkList', { listId: opened.listId, mapping: [{ column: 0, type: 'handle' }] }),
    ).rejects.toThrow(/email addresses and phone numbers only/)
  })
})
