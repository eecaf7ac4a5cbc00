// Node module loader hooks (module.register): every `import 'electron'` resolves to the stand-in.
const standIn = new URL('./electron.mjs', import.meta.url).href

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron') return { url: standIn, shortCircuit: true }
  return nextResolve(specifier, context)
}
