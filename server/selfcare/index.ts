// The self-care module's public surface: other modules and workflows import from here only.
// The shops (also the pickup points of delivery): `stores(db, { pickupOnly })` answers the rows in display order,
// `storeView(row, lang)` one shop in a language (name, address, hours, phone), `storeByCode` a pickupStoreId's shop.
export { stores, storeByCode, storeView, type StoreRow, type StoreView } from './stores';
