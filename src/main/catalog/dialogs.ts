/** Native dialogs the catalog pages open (Electron's dialog in the app, scripted in tests). */
export interface CatalogDialogs {
  chooseFeedFile(): Promise<string | null>
  chooseCsvExportPath(defaultFileName: string): Promise<string | null>
}
