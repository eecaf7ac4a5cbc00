/**
 * The channel names alone, free of zod, so the sandboxed preload bundle stays tiny.
 * contract.ts must give a schema pair for exactly these names (enforced by its type).
 */
export const CHANNELS = [
  'app.info',
  'settings.get',
  'settings.update',
  'external.open',
  'profiles.list',
  'profiles.activate',
  'profiles.signOut',
  'connect.begin',
  'connect.complete',
  'accounts.list',
  'accounts.select',
  'devtools.bearerStatus',
  'devtools.bearerCreate',
  'devtools.bearerRevoke',
  'devtools.deleteWebhook',
  'drafts.list',
  'drafts.get',
  'drafts.create',
  'drafts.update',
  'drafts.flush',
  'drafts.duplicate',
  'drafts.remove',
  'drafts.undoRemove',
  'drafts.export',
  'drafts.import',
  'media.pickLocal',
  'media.inspectPath',
] as const

export type Channel = (typeof CHANNELS)[number]
