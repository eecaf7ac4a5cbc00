import { parseArgs } from 'node:util'
import { resolve } from 'node:path'
import { startSandbox } from './index'
import type { Faults } from './index'
import { ADMIN_HELP } from './admin/routes'
import { OUTSIDE_KINDS } from './admin/outsideKinds'
import { FILL_KINDS, FILL_MAX } from './admin/fill'
import type { FillKind } from './admin/fill'

const USAGE = `Usage: npm run sandbox -- [--port N] [--data FILE] [--json]
       [--latency MS] [--error-rate 0..1] [--drop-rate 0..1] [--force-429 N] [--seed N]
       [--undercount-uploads N]  (N audience uploads answer one record fewer than sent)
       [--outside-edits every=DURATION,kinds=KIND[,KIND...][,actions=edit[,delete]]]
         the rest of the world edits (and with actions=edit,delete also deletes) one object of
         the given kinds behind the app's back every DURATION (500ms, 5s, 2m); kinds=all for all:
         ${OUTSIDE_KINDS.join(', ')}
       [--fill KIND=N[,KIND=N...]]  the world makes N objects of each kind on the first demo
         account at start (${FILL_KINDS.join(', ')}), up to ${FILL_MAX} each

${ADMIN_HELP}`

function number(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const parsed = Number(value)
  if (!Number.isFinite(parsed)) throw new Error(`--${flag} needs a number, got ${value}\n${USAGE}`)
  return parsed
}

/** `cards=10000,media_library=500` → the kinds and counts to fill. */
function parseFill(text: string | undefined): [FillKind, number][] {
  if (text === undefined) return []
  return text.split(',').map((pair) => {
    const [kind, count] = pair.split('=')
    if (!(FILL_KINDS as readonly string[]).includes(kind ?? '') || !/^\d+$/.test(count ?? ''))
      throw new Error(
        `--fill needs KIND=N pairs with KIND one of ${FILL_KINDS.join(', ')}, got ${pair}\n${USAGE}`,
      )
    return [kind as FillKind, Number(count)]
  })
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      json: { type: 'boolean', default: false },
      latency: { type: 'string' },
      'error-rate': { type: 'string' },
      'drop-rate': { type: 'string' },
      'force-429': { type: 'string' },
      'undercount-uploads': { type: 'string' },
      seed: { type: 'string' },
      'outside-edits': { type: 'string' },
      fill: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return
  }
  const faults: Partial<Faults> = {}
  const latency = number('latency', values.latency)
  const errorRate = number('error-rate', values['error-rate'])
  const dropRate = number('drop-rate', values['drop-rate'])
  const force429 = number('force-429', values['force-429'])
  if (latency !== undefined) faults.latencyMs = latency
  if (errorRate !== undefined) faults.errorRate = errorRate
  if (dropRate !== undefined) faults.dropAfterCommitRate = dropRate
  if (force429 !== undefined) faults.force429 = force429
  const undercount = number('undercount-uploads', values['undercount-uploads'])
  if (undercount !== undefined) faults.undercountAudienceUploads = undercount
  const seed = number('seed', values.seed)
  const port = number('port', values.port)

  const sandbox = await startSandbox({
    ...(port !== undefined ? { port } : {}),
    ...(values.data ? { dataFile: resolve(values.data) } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(values['outside-edits'] !== undefined ? { outsideEdits: values['outside-edits'] } : {}),
    faults,
  })
  const { demo } = sandbox
  for (const [kind, count] of parseFill(values.fill))
    sandbox.fill({ kind, accountId: demo.accountIds[0]!, count })
  if (values.json) {
    console.log(
      JSON.stringify({
        apiUrl: sandbox.apiUrl,
        adsUrl: sandbox.adsUrl,
        adsSandboxUrl: sandbox.adsSandboxUrl,
        consumerKey: demo.consumerKey,
        consumerSecret: demo.consumerSecret,
        screenName: demo.screenName,
        userId: demo.userId,
      }),
    )
  } else {
    console.log(
      [
        'Ads Studio local API sandbox is running.',
        '',
        `  Platform API      ${sandbox.apiUrl}`,
        `  Ads API           ${sandbox.adsUrl}/12`,
        `  Ads sandbox API   ${sandbox.adsSandboxUrl}/12`,
        `  Admin (not API)   ${sandbox.apiUrl}/__admin   (--help lists its routes)`,
        '',
        `  Demo app          ${demo.appName}`,
        `    consumer key    ${demo.consumerKey}`,
        `    consumer secret ${demo.consumerSecret}`,
        `    callback        oob (PIN) or ${demo.callbackUrl}`,
        `  Demo user         @${demo.screenName} (user id ${demo.userId})`,
        `    ad accounts     ${demo.accountIds.join(', ')}`,
        `    community       ${demo.communityId}`,
        '',
        values.data
          ? `  State file        ${resolve(values.data)}`
          : '  State             in memory (use --data FILE to keep it)',
        '',
        'Press Ctrl+C to stop.',
      ].join('\n'),
    )
  }
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
