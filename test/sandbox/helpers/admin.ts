import type { Sandbox } from '../../../sandbox/index'

export interface AdminResponse<T = unknown> {
  status: number
  body: { data?: T; error?: { message: string } } & Record<string, unknown>
}

/** Calls the sandbox's admin routes (/__admin): JSON in and out, no OAuth. */
export async function admin<T = unknown>(
  sandbox: Pick<Sandbox, 'apiUrl'>,
  method: string,
  path: string,
  body?: unknown,
): Promise<AdminResponse<T>> {
  const response = await fetch(`${sandbox.apiUrl}/__admin${path}`, {
    method,
    ...(body !== undefined
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
      : {}),
  })
  return { status: response.status, body: (await response.json()) as AdminResponse<T>['body'] }
}
