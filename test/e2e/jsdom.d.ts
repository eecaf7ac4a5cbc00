// jsdom ships no types and @types/jsdom is not a dependency; the E2E suite parses served HTML only.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string)
    readonly window: Window & typeof globalThis
  }
}
