import type { catalogsContract } from '../../shared/ipc/contracts/catalogs'
import type { HandlersOf } from '../ipc/dispatcher'
import { createCatalogService, type CatalogServiceDeps } from './catalogService'

/** The product catalog (spec part A): products, feed imports, product sets. */
export function createCatalogHandlers(deps: CatalogServiceDeps): HandlersOf<typeof catalogsContract> {
  const catalog = createCatalogService(deps)
  return {
    'catalog.state': ({ profileId, itemGroupsRevision }) => catalog.stateRead(profileId, itemGroupsRevision),
    'catalog.refresh': ({ profileId }) => catalog.refresh(profileId),
    'catalog.save': ({ profileId, name }) => catalog.save(profileId, name),
    'catalog.delete': ({ profileId, confirmName }) => catalog.deleteCatalog(profileId, confirmName),
    'catalog.products': ({ profileId, ...query }) => catalog.products(profileId, query),
    'catalog.product': ({ profileId, id }) => catalog.product(profileId, id),
    'catalog.saveProduct': ({ profileId, product, isNew }) => catalog.saveProduct(profileId, product, isNew),
    'catalog.deleteProducts': ({ profileId, ids }) => catalog.deleteProducts(profileId, ids),
    'catalog.resend': ({ profileId }) => catalog.resend(profileId),
    'catalog.importOpen': ({ profileId }) => catalog.importOpen(profileId),
    'catalog.importCheck': ({ importId, mapping }) => catalog.importCheck(importId, mapping),
    'catalog.importReportPage': ({ importId, checkId, page }) =>
      catalog.importReportPage(importId, checkId, page),
    'catalog.importExportUnsent': ({ importId }) => catalog.importExportUnsent(importId),
    'catalog.importSend': ({ profileId, importId, mapping }) =>
      catalog.importSend(profileId, importId, mapping),
    'catalog.createSet': ({ profileId, ...input }) => catalog.createSet(profileId, input),
    'catalog.previewSet': ({ profileId, filters }) => catalog.previewSet(profileId, filters),
    'catalog.refreshSet': ({ profileId, localId }) => catalog.refreshSet(profileId, localId),
    'catalog.importImages': ({ profileId, importId, mapping }) =>
      catalog.importImages(profileId, importId, mapping),
    'catalog.productImage': ({ profileId, url, check }) =>
      catalog.productImage(profileId, url, check ?? false),
  }
}
