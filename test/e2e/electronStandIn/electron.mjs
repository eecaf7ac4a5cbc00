// What `electron` resolves to under test/e2e/electronStandIn/hooks.mjs. A launch of the built main
// (imported as `?instance=N`) gets the exports of its own stand-in, so an earlier launch keeps
// talking to its own app even after a later test installed another. Importers without an instance
// (electron-store, loaded once per process) get forwarders to the stand-in installed last.
const STAND_IN_KEY = Symbol.for('ads-studio.electronStandIn')

function registry() {
  const found = globalThis[STAND_IN_KEY]
  if (!found) throw new Error('The electron stand-in was imported before a test installed one.')
  return found
}

const instance = new URL(import.meta.url).searchParams.get('instance')
const own = instance ? registry().byInstance.get(instance) : undefined
if (instance && !own) throw new Error(`No electron stand-in was installed for instance ${instance}.`)

function forward(name) {
  const current = () => registry().current[name]
  return new Proxy(function () {}, {
    get: (_t, key) => Reflect.get(current(), key),
    set: (_t, key, value) => Reflect.set(current(), key, value),
    has: (_t, key) => Reflect.has(current(), key),
    apply: (_t, self, args) => Reflect.apply(current(), self, args),
    construct: (_t, args) => Reflect.construct(current(), args),
  })
}

const pick = (name) => (own ? own[name] : forward(name))

export const app = pick('app')
export const BrowserWindow = pick('BrowserWindow')
export const ipcMain = pick('ipcMain')
export const protocol = pick('protocol')
export const session = pick('session')
export const net = pick('net')
export const shell = pick('shell')
export const dialog = pick('dialog')
export const Menu = pick('Menu')
export const Notification = pick('Notification')
export const clipboard = pick('clipboard')

// The default export (`import electron from 'electron'`): the same stand-ins as the named ones.
const named = { app, BrowserWindow, ipcMain, protocol, session, net, shell, dialog, Menu }
export default { ...named, Notification, clipboard }
