// The ui module's public surface: the served schema documents (messages, flows, forms) and the form validator compiler (lazy).
// (page.ts, the shop page with its first view, is wired by server/app.ts.)
export { destinationPath } from './destinations';
export { asVersion, SchemaSetError, UiDocuments, loadDocumentSet, schemaSetHash, type DocKind, type DocumentSet, type LoadOptions, type ServedDocument } from './documents';
/** The form validator compiler (AJV standalone code), loaded on first use: it is heavy and most processes never need it. */
export const loadValidatorCompiler = () => import('./validators');
