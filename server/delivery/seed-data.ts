// Seed data of the delivery module: the demo customers' saved addresses (address-system codes of
// server/home/seed-data.ts and address-data.ts). The pickup stores are the self-care module's shops (server/selfcare/seed.ts).

/** Saved addresses by username: tisAddressCode (and entrance/floor/apartment) of the address system. */
export const savedAddressSeed: Record<string, Array<{ tisAddressCode: string; entrance?: string; floor?: string; apartment?: string; defaultAddress?: boolean }>> = {
  'marko.petrovic': [
    { tisAddressCode: 'TIS-1001-73', entrance: '2', floor: '3', apartment: '14', defaultAddress: true },
    { tisAddressCode: 'TIS-4001-46', floor: '1', apartment: '4' },
  ],
  'jelena.jovanovic': [
    { tisAddressCode: 'TIS-2001-10', entrance: '1', floor: '5', apartment: '21', defaultAddress: true },
  ],
  'nikola.stojanovic': [
    { tisAddressCode: 'TIS-5002-94', entrance: '1', floor: '2', apartment: '7', defaultAddress: true },
  ],
};
