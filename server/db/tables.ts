// Every table of the shop, gathered from the schema.ts of the module that declares it (each module declares its own
// tables; drizzle.config.ts lists the same files): drizzle's whole schema (./index.ts) and the seed's tables.
// Gathering the tables is the database's wiring, not a module using another: the module order (tools/modules/graph.ts
// moduleGraph) does not count an import of a schema.ts from server/db/ or from another schema.ts (a foreign key).
// A module reads its own tables from its ./schema.ts; a file reading a table of another module imports it from here.
export * from './schema';
export * from '../lib/schema';
export * from '../catalog/schema';
export * from '../outbox/schema';
export * from '../user/schema';
export * from '../home/schema';
export * from '../payment/schema';
export * from '../selfcare/schema';
export * from '../publish/schema';
export * from '../numbers/schema';
export * from '../cart/schema';
export * from '../checkout/schema';
export * from '../delivery/schema';
