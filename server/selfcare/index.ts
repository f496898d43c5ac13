// The self-care module's public surface for other modules and workflows: a guest's prepaid purchase opens the
// 24-hour prepaid registration window (./prepaid.ts). The module alone writes the tables of ./schema.ts.
export { REGISTRATION_WINDOW_MS, openGuestPrepaidPurchase, registrationOf } from './prepaid';
