// The module `electron` resolves to under test/e2e/electronStandIn/hooks.mjs. Each export forwards
// to the current recording stand-in (globalThis[STAND_IN_KEY]), so every fresh load of the built
// main, and electron-store (loaded once per process), talk to the stand-in of the running test.
const STAND_IN_KEY = Symbol.for('ads-studio.electronStandIn')

function current() {
  const standIn = globalThis[STAND_IN_KEY]
  if (!standIn) throw new Error('The electron stand-in was imported before a test installed one.')
  return standIn
}

function forward(name) {
  const target = function () {}
  return new Proxy(target, {
    get: (_t, key) => Reflect.get(current()[name], key),
    set: (_t, key, value) => Reflect.set(current()[name], key, value),
    has: (_t, key) => Reflect.has(current()[name], key),
    apply: (_t, self, args) => Reflect.apply(current()[name], self, args),
    construct: (_t, args) => Reflect.construct(current()[name], args),
  })
}

export const app = forward('app')
export const BrowserWindow = forward('BrowserWindow')
export const ipcMain = forward('ipcMain')
export const protocol = forward('protocol')
export const session = forward('session')
export const net = forward('net')
export const shell = forward('shell')
export const dialog = forward('dialog')
export const Menu = forward('Menu')
export const Notification = forward('Notification')

export default { app, BrowserWindow, ipcMain, protocol, session, net, shell, dialog, Menu, Notification }
