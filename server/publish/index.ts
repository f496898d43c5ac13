// The publish module's public surface (issue 29): the UI documents as published versions in the database.
// Its routes (server/publish/routes.ts) are wired by server/app.ts.
export { UiVersions, type UiVersionsOptions } from './live';
export { VERSIONED_FOLDERS, contentHash, readDocumentFiles, type DocumentFiles } from './files';
export { ensureBaseline, liveRow, publishVersion, versionFiles } from './store';
