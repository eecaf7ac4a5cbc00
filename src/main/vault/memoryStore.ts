import type { SecretStore } from './secretStore'

/** For tests only: keeps secrets in process memory, never on disk. */
export function createMemorySecretStore(): SecretStore & { size(): number } {
  const items = new Map<string, string>()
  const key = (service: string, account: string) => JSON.stringify([service, account])
  return {
    async get(service, account) {
      return items.get(key(service, account)) ?? null
    },
    async set(service, account, secret) {
      items.set(key(service, account), secret)
    },
    async delete(service, account) {
      return items.delete(key(service, account))
    },
    async isAvailable() {
      return { ok: true }
    },
    size: () => items.size,
  }
}
