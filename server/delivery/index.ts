// The delivery module's public surface: the personal-data and delivery steps of a signed-in checkout (routes), its
// seed (pickup stores, saved addresses). The module alone writes customer_addresses and pickup_stores.
export { deliveryRoutes } from './routes';
export { seedDelivery, DELIVERY_SEED_MARKER } from './seed';
export { EMAIL_CODE_SECONDS } from './service';
