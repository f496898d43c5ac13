// The self-care module's public surface: other modules and workflows import from here only. The module alone writes
// the tables of ./schema.ts. A guest's prepaid purchase opens the 24-hour prepaid registration window (./prepaid.ts).
// The shops (also the pickup points of delivery): `stores(db, { pickupOnly })` answers the rows in display order,
// `storeView(row, lang)` one shop in a language (name, address, hours, phone), `storeByCode` a pickupStoreId's shop.
export { REGISTRATION_WINDOW_MS, openGuestPrepaidPurchase, registrationOf } from './prepaid';
export { stores, storeByCode, storeView, type Store, type StoreView } from './stores';
export { isSubscriberLine } from './service';
