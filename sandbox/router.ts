import type { Route } from './context'

interface CompiledRoute {
  route: Route
  regex: RegExp
  keys: string[]
  key: string
}

export interface RouteMatch {
  route: Route
  params: Record<string, string>
  key: string
}

/** First matching route wins, so literal segments must be registered before `:param` siblings. */
export class Router {
  private readonly routes: CompiledRoute[] = []

  add(routes: readonly Route[], prefix = ''): void {
    for (const route of routes) {
      const pattern = `${prefix}${route.pattern}`
      const keys: string[] = []
      const source = pattern
        .split('/')
        .map((segment) => {
          if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          keys.push(segment.slice(1))
          return '([^/]+)'
        })
        .join('/')
      this.routes.push({ route, regex: new RegExp(`^${source}$`), keys, key: `${route.method} ${pattern}` })
    }
  }

  match(method: string, path: string): RouteMatch | undefined {
    for (const compiled of this.routes) {
      if (compiled.route.method !== method) continue
      const m = compiled.regex.exec(path)
      if (!m) continue
      const params: Record<string, string> = {}
      let valid = true
      compiled.keys.forEach((key, index) => {
        try {
          params[key] = decodeURIComponent(m[index + 1] ?? '')
        } catch {
          valid = false
        }
      })
      if (valid) return { route: compiled.route, params, key: compiled.key }
    }
    return undefined
  }
}
