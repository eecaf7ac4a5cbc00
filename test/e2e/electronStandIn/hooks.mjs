// Node module loader hooks (module.register): every `import 'electron'` resolves to the stand-in.
// An importer loaded as `...?instance=N` (each launch of the built main) gets `electron.mjs?instance=N`,
// a module of its own bound to that launch's stand-in.
const standIn = new URL('./electron.mjs', import.meta.url).href

export async function resolve(specifier, context, nextResolve) {
  if (specifier !== 'electron') return nextResolve(specifier, context)
  const instance = context.parentURL ? new URL(context.parentURL).searchParams.get('instance') : null
  return { url: instance ? `${standIn}?instance=${instance}` : standIn, shortCircuit: true }
}
