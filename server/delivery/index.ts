// The delivery module's public surface: the personal-data and delivery steps of a signed-in checkout (routes), its
// seed (saved addresses). The module alone writes customer_addresses; the pickup stores are the self-care module's
// shops, read through server/selfcare/index.ts.
export { deliveryRoutes } from './routes';
export { seedDelivery, DELIVERY_SEED_MARKER } from './seed';
export { EMAIL_CODE_SECONDS } from './service';
