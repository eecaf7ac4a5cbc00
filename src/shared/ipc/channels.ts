/**
 * The channel names alone, free of zod, so the sandboxed preload bundle stays tiny.
 * contract.ts must give a schema pair for exactly these names (enforced by its type).
 */
export const CHANNELS = ['app.info', 'settings.get', 'settings.update', 'external.open'] as const

export type Channel = (typeof CHANNELS)[number]
