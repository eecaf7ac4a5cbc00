import { afterAll, beforeAll } from 'vitest'
import { startSandbox } from '../../../sandbox/index'
import type { Sandbox, SandboxOptions } from '../../../sandbox/index'
import { authorizeDemoUser } from './client'
import type { UserTokens } from './client'

/** A sandbox for one test file, with the demo user authorized; filled in before the tests run. */
export interface SandboxEnv {
  sandbox: Sandbox
  user: UserTokens
  /** The demo user's two ad accounts. */
  main: string
  second: string
}

/** Starts a sandbox (on a free port) before the file's tests and closes it after them. */
export function useSandbox(options: SandboxOptions = {}): SandboxEnv {
  const env = {} as SandboxEnv
  beforeAll(async () => {
    env.sandbox = await startSandbox({ port: 0, ...options })
    env.user = await authorizeDemoUser(env.sandbox)
    ;[env.main = '', env.second = ''] = env.sandbox.demo.accountIds
  })
  afterAll(async () => {
    await env.sandbox.close()
  })
  return env
}
