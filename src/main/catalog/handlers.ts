import type { catalogsContract } from '../../shared/ipc/contracts/catalogs'
import type { HandlersOf } from '../ipc/dispatcher'
import { createCatalogService, type CatalogServiceDeps } from './catalogService'
import { createKeywordService } from '../keywords/keywordService'

/** The product catalog (products, feed imports, product sets) and keyword insights (spec part A). */
export function createCatalogHandlers(
  deps: CatalogServiceDeps & { dataDir: string },
): HandlersOf<typeof catalogsContract> {
  const catalog = createCatalogService(deps)
  const keywords = createKeywordService(deps)
  return {
    'catalog.state': ({ profileId, itemGroupsRevision }) => catalog.stateRead(profileId, itemGroupsRevision),
    'catalog.refresh': ({ profileId }) => catalog.refresh(profileId),
    'catalog.save': ({ profileId, name }) => catalog.save(profileId, name),
    'catalog.products': ({ profileId, ...query }) => catalog.products(profileId, query),
    'catalog.product': ({ profileId, id }) => catalog.product(profileId, id),
    'catalog.saveProduct': ({ profileId, product, isNew }) => catalog.saveProduct(profileId, product, isNew),
    'catalog.deleteProducts': ({ profileId, ids }) => catalog.deleteProducts(profileId, ids),
    'catalog.resend': ({ profileId }) => catalog.resend(profileId),
    'catalog.importOpen': ({ profileId }) => catalog.importOpen(profileId),
    'catalog.importCheck': ({ importId, mapping }) => catalog.importCheck(importId, mapping),
    'catalog.importSend': ({ profileId, importId, mapping }) =>
      catalog.importSend(profileId, importId, mapping),
    'catalog.createSet': ({ profileId, ...input }) => catalog.createSet(profileId, input),
    'catalog.previewSet': ({ profileId, filters }) => catalog.previewSet(profileId, filters),
    'catalog.refreshSet': ({ profileId, localId }) => catalog.refreshSet(profileId, localId),
    'keywords.search': ({ profileId, query }) => keywords.search(profileId, query),
    'keywords.recent': async ({ profileId }) => ({ queries: await keywords.recent(profileId) }),
    'keywords.exportCsv': ({ resultId }) => keywords.exportCsv(resultId),
  }
}
