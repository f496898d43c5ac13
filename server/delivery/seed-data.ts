// Seed data of the delivery module: the pickup stores (the shops of "Kako do nas", /Privatni/Korisnicka-zona/Kontakt/
// Kako-do-nas, which lists them from here) and the demo customers' saved addresses (address-system codes of
// server/home/seed-data.ts and address-data.ts).
type LocalText = { sr: string; en: string };
const t = (sr: string, en: string): LocalText => ({ sr, en });

export interface SeedStore {
  pickupStoreId: string; name: string; line1: string; line2: string; line2Code: string | null; postalCode: string;
  province: string; suburb: string | null; tisAddressCode: string | null; openingHours: LocalText;
}

export const pickupStoreSeed: SeedStore[] = [
  { pickupStoreId: 'BG_BULEVAR', name: 'Beograd — Bulevar', line1: 'Bulevar kralja Aleksandra', line2: '73', line2Code: 'TIS-1001-73', postalCode: '11000', province: 'Beograd', suburb: 'Vračar', tisAddressCode: 'TIS-1001-73', openingHours: t('Radnim danima 8–20, subotom 9–15. Parking u dvorištu zgrade.', 'Weekdays 8–20, Saturday 9–15. Parking in the courtyard.') },
  { pickupStoreId: 'BG_USCE', name: 'Beograd — Ušće', line1: 'Bulevar Mihajla Pupina', line2: '4', line2Code: null, postalCode: '11070', province: 'Novi Beograd', suburb: 'TC Ušće', tisAddressCode: null, openingHours: t('Svakog dana 10–22.', 'Every day 10–22.') },
  { pickupStoreId: 'NS_CENTAR', name: 'Novi Sad', line1: 'Bulevar oslobođenja', line2: '119', line2Code: null, postalCode: '21000', province: 'Novi Sad', suburb: null, tisAddressCode: null, openingHours: t('Radnim danima 8–20, subotom 9–15.', 'Weekdays 8–20, Saturday 9–15.') },
  { pickupStoreId: 'NI_CENTAR', name: 'Niš', line1: 'Obrenovićeva', line2: '38', line2Code: null, postalCode: '18000', province: 'Niš', suburb: null, tisAddressCode: null, openingHours: t('Radnim danima 8–20, subotom 9–14.', 'Weekdays 8–20, Saturday 9–14.') },
  { pickupStoreId: 'KG_CENTAR', name: 'Kragujevac', line1: 'Kralja Petra I', line2: '12', line2Code: null, postalCode: '34000', province: 'Kragujevac', suburb: null, tisAddressCode: null, openingHours: t('Radnim danima 8–19, subotom 9–14.', 'Weekdays 8–19, Saturday 9–14.') },
  { pickupStoreId: 'SU_KORZO', name: 'Subotica', line1: 'Korzo', line2: '9', line2Code: null, postalCode: '24000', province: 'Subotica', suburb: null, tisAddressCode: null, openingHours: t('Radnim danima 8–20, subotom 9–14.', 'Weekdays 8–20, Saturday 9–14.') },
  { pickupStoreId: 'CA_CENTAR', name: 'Čačak', line1: 'Gradsko šetalište', line2: '7', line2Code: null, postalCode: '32000', province: 'Čačak', suburb: null, tisAddressCode: null, openingHours: t('Radnim danima 8–19, subotom 9–13.', 'Weekdays 8–19, Saturday 9–13.') },
];

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
