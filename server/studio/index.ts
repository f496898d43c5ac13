// The studio module's public surface: who may use it (server/studio/access.ts). Its routes are wired by server/app.ts.
export { forbidden, sessionOf, studioAccess, studioUser, type StudioAccess, type StudioRole } from './access';
