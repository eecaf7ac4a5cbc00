import type { RequestContext, Route, Runtime } from '../context'
import { firstValue } from '../context'
import { escapeHtml, html } from '../http'
import type { Reply } from '../http'
import type { App, RequestToken, User } from '../state'
import { randomToken } from '../state'
import { newPin, pendingRequestToken } from './credentials'
import { DEMO } from '../seed'

const SESSION_COOKIE = 'sandbox_user'

function page(title: string, body: string, status = 200): Reply {
  return html(
    status,
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#0f1419}
.box{border:1px solid #cfd9de;border-radius:12px;padding:1.5rem}button{font:inherit;padding:.5rem 1.2rem;border-radius:999px;border:1px solid #0f1419;margin-right:.5rem;cursor:pointer}
#allow{background:#0f1419;color:#fff}label{display:block;margin:.75rem 0}input[type=text],input[type=password]{display:block;width:100%;padding:.4rem;font:inherit}
#oauth_pin{font-size:2rem;letter-spacing:.3rem}.error{color:#b00020}</style></head>
<body><div class="box">${body}</div><p><small>Local API sandbox: no real account is involved.</small></p></body></html>`,
  )
}

function sessionUser(ctx: RequestContext, rt: Runtime): User | undefined {
  const cookie = ctx.headers.cookie ?? ''
  const id = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=(\\d+)`).exec(cookie)?.[1] ?? DEMO.userId
  return rt.state.users.find((u) => u.id === id)
}

function accessDescription(token: RequestToken): string {
  return token.accessLevel === 'write'
    ? 'Read and write: read your ad accounts, and create cards, media and posts for them.'
    : 'Read only: read your ad accounts and creatives. It cannot create or change anything.'
}

function invalidTokenPage(): Reply {
  return page(
    'Invalid request',
    '<h1>This authorization link is no longer valid</h1><p>The request token is unknown, already used or declined. Start again from the app.</p>',
    400,
  )
}

function authorizeForm(
  ctx: RequestContext,
  app: App,
  token: RequestToken,
  user: User | undefined,
  options: { forceLogin: boolean; screenName?: string; error?: string; flow: string },
): Reply {
  const needsLogin = options.forceLogin || !user
  const login = needsLogin
    ? `<input type="hidden" name="force_login" value="true">
<label>Username <input type="text" id="username_or_email" name="session[username_or_email]" autocomplete="username" value="${escapeHtml(options.screenName ?? '')}"></label>
<label>Password <input type="password" id="password" name="session[password]" autocomplete="current-password"></label>
<p><small>Sandbox users: @${escapeHtml(DEMO.screenName)}, @${escapeHtml(DEMO.otherScreenName)}; any non-empty password is accepted.</small></p>`
    : `<p>Signed in as <strong id="signed_in_as">@${escapeHtml(user.screenName)}</strong>.</p>`
  return page(
    `Authorize ${app.name}`,
    `<h1>Authorize <span id="app_name">${escapeHtml(app.name)}</span> to use your account?</h1>
<p>Access level: <strong id="access_level">${token.accessLevel === 'write' ? 'Read and write' : 'Read only'}</strong></p>
<p>${escapeHtml(accessDescription(token))}</p>
${options.error ? `<p class="error" id="login_error">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="/oauth/${options.flow}" id="oauth_form">
<input type="hidden" name="oauth_token" value="${escapeHtml(token.token)}">
${login}
<button type="submit" id="allow" name="decision" value="allow">Authorize app</button>
<button type="submit" id="cancel" name="decision" value="deny">Cancel</button>
</form>`,
  )
}

function withParams(callback: string, params: Record<string, string>): string {
  const url = new URL(callback)
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  return url.toString()
}

function approve(rt: Runtime, token: RequestToken, user: User): Reply {
  token.status = 'approved'
  token.userId = user.id
  token.verifier = token.callback === 'oob' ? newPin() : randomToken(24)
  rt.onApproved?.({ oauthToken: token.token, verifier: token.verifier })
  const cookie = `${SESSION_COOKIE}=${user.id}; Path=/; HttpOnly; SameSite=Lax`
  if (token.callback === 'oob') {
    const app = rt.state.apps.find((a) => a.consumerKey === token.consumerKey)
    const reply = page(
      'Authorization PIN',
      `<h1>You've granted access to ${escapeHtml(app?.name ?? 'the app')}</h1>
<p>Next, return to the app and enter this PIN to complete the authorization:</p>
<p><code id="oauth_pin">${token.verifier}</code></p>`,
    )
    return { ...reply, headers: { ...reply.headers, 'set-cookie': cookie } }
  }
  return {
    status: 302,
    headers: {
      location: withParams(token.callback, { oauth_token: token.token, oauth_verifier: token.verifier }),
      'set-cookie': cookie,
    },
  }
}

function showPage(flow: 'authorize' | 'authenticate') {
  return (ctx: RequestContext, rt: Runtime): Reply => {
    const token = pendingRequestToken(rt, firstValue(ctx.query, 'oauth_token'))
    const app = rt.state.apps.find((a) => a.consumerKey === token?.consumerKey)
    if (!token || !app) return invalidTokenPage()
    const forceLogin = ['true', '1'].includes(firstValue(ctx.query, 'force_login') ?? '')
    const screenName = firstValue(ctx.query, 'screen_name')
    const user = sessionUser(ctx, rt)
    // authenticate skips the approval when this user already granted the app (sign in with the platform).
    const alreadyGranted =
      user && rt.state.grants.some((g) => g.userId === user.id && g.consumerKey === app.consumerKey)
    if (
      flow === 'authenticate' &&
      !forceLogin &&
      alreadyGranted &&
      app.signInWithPlatform &&
      token.callback !== 'oob'
    ) {
      return approve(rt, token, user)
    }
    return authorizeForm(ctx, app, token, user, {
      forceLogin,
      flow,
      ...(screenName !== undefined ? { screenName } : {}),
    })
  }
}

function submit(flow: 'authorize' | 'authenticate') {
  return (ctx: RequestContext, rt: Runtime): Reply => {
    const token = pendingRequestToken(rt, firstValue(ctx.form, 'oauth_token'))
    const app = rt.state.apps.find((a) => a.consumerKey === token?.consumerKey)
    if (!token || !app) return invalidTokenPage()
    if (firstValue(ctx.form, 'decision') !== 'allow') {
      token.status = 'denied'
      if (token.callback !== 'oob')
        return { status: 302, headers: { location: withParams(token.callback, { denied: token.token }) } }
      return page(
        'Authorization declined',
        `<h1>You did not authorize ${escapeHtml(app.name)}</h1><p id="oauth_denied">No access was granted. You can close this window.</p>`,
      )
    }
    let user = sessionUser(ctx, rt)
    if (firstValue(ctx.form, 'force_login') === 'true' || !user) {
      const name = (firstValue(ctx.form, 'session[username_or_email]') ?? '').replace(/^@/, '').toLowerCase()
      const password = firstValue(ctx.form, 'session[password]') ?? ''
      user = rt.state.users.find((u) => u.screenName.toLowerCase() === name)
      if (!user || password === '') {
        const reply = authorizeForm(ctx, app, token, undefined, {
          forceLogin: true,
          flow,
          screenName: name,
          error: 'Unknown username or empty password.',
        })
        return { ...reply, status: 400 }
      }
    }
    return approve(rt, token, user)
  }
}

export const authorizePageRoutes: Route[] = [
  { method: 'GET', pattern: '/oauth/authorize', handler: showPage('authorize'), page: true },
  { method: 'GET', pattern: '/oauth/authenticate', handler: showPage('authenticate'), page: true },
  { method: 'POST', pattern: '/oauth/authorize', handler: submit('authorize'), page: true },
  { method: 'POST', pattern: '/oauth/authenticate', handler: submit('authenticate'), page: true },
]
