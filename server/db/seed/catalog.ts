// The seed catalogue of "Orbita Telekom": tariffs, prepaid packages, phones, accessories, insurance.
// Prices are RSD here (converted to para when inserted).
import type { LocalText, SpecGroup } from '../tables';

const t = (sr: string, en: string): LocalText => ({ sr, en });

export interface SeedTariff {
  code: string; name: string; parent?: string; processType: 'TOP_OFFER' | 'BASIC_OFFER';
  esim: 'NONE' | 'ESIM_SIM' | 'ESIM'; fee: number; promo?: { months: number; price: number };
  data: string; minutes: string; sms: string; roaming?: string; description: LocalText;
}

export interface SeedColor { code: string; name: LocalText; hex: string; stock: number }
export interface SeedPhone {
  code: string; brand: string; name: string; price: number; oldPrice?: number; esim: 'NONE' | 'ESIM_SIM';
  rating: number; colors: SeedColor[];
  spec: { display: string; resolution: string; panel: string; camera: string; front: string; battery: number;
    charging: string; ram: string; storage: string; os: string; chip: string; net5g: boolean; weight: number };
  description: LocalText;
}
export interface SeedAccessory {
  code: string; brand: string; name: string; price: number; oldPrice?: number; kind: AccessoryKind;
  hex: string; stock: number; description: LocalText; forBrands: string[] | 'all';
}
export type AccessoryKind = 'charger' | 'earbuds' | 'case' | 'powerbank' | 'watch' | 'headphones' | 'cable' | 'glass' | 'band';

/** Parent tariffs (grouping only; their children are purchasable). */
export const parentTariffs: Array<{ code: string; name: string; processType: 'TOP_OFFER'; esim: 'ESIM_SIM'; description: LocalText }> = [
  { code: 'ORBITA_MAX', name: 'Orbita Max', processType: 'TOP_OFFER', esim: 'ESIM_SIM',
    description: t('Najbolja mreža, neograničeni razgovori i mnogo interneta, uz eSIM.', 'The best network, unlimited calls and plenty of data, with eSIM.') },
  { code: 'ORBITA_FLEX', name: 'Orbita Flex', processType: 'TOP_OFFER', esim: 'ESIM_SIM',
    description: t('Fleksibilna tarifa za svakodnevno surfovanje.', 'A flexible tariff for everyday browsing.') },
];

export const postpaidTariffs: SeedTariff[] = [
  { code: 'ORBITA_MAX_S', parent: 'ORBITA_MAX', name: 'Orbita Max S', processType: 'TOP_OFFER', esim: 'ESIM_SIM', fee: 2799, data: '30 GB', minutes: 'Neograničeno', sms: 'Neograničeno', roaming: '1 GB',
    description: t('30 GB interneta, neograničeni razgovori i SMS u svim mrežama.', '30 GB of data, unlimited calls and SMS to all networks.') },
  { code: 'ORBITA_MAX_M', parent: 'ORBITA_MAX', name: 'Orbita Max M', processType: 'TOP_OFFER', esim: 'ESIM_SIM', fee: 3499, promo: { months: 6, price: 2999 }, data: '60 GB', minutes: 'Neograničeno', sms: 'Neograničeno', roaming: '3 GB',
    description: t('60 GB interneta, neograničeni razgovori, 3 GB u romingu. Prvih 6 meseci po promotivnoj ceni.', '60 GB of data, unlimited calls, 3 GB roaming. Promotional price for the first 6 months.') },
  { code: 'ORBITA_MAX_L', parent: 'ORBITA_MAX', name: 'Orbita Max L', processType: 'TOP_OFFER', esim: 'ESIM_SIM', fee: 4299, data: '150 GB', minutes: 'Neograničeno', sms: 'Neograničeno', roaming: '5 GB',
    description: t('150 GB interneta i 5 GB u romingu u zoni EU.', '150 GB of data and 5 GB of roaming in the EU zone.') },
  { code: 'ORBITA_MAX_UNL', parent: 'ORBITA_MAX', name: 'Orbita Max Neograničeno', processType: 'TOP_OFFER', esim: 'ESIM_SIM', fee: 5499, promo: { months: 3, price: 4499 }, data: 'Neograničeno', minutes: 'Neograničeno', sms: 'Neograničeno', roaming: '10 GB',
    description: t('Neograničen internet, razgovori i SMS, 10 GB u romingu.', 'Unlimited data, calls and SMS, 10 GB of roaming.') },
  { code: 'ORBITA_FLEX_10', parent: 'ORBITA_FLEX', name: 'Orbita Flex 10', processType: 'TOP_OFFER', esim: 'ESIM_SIM', fee: 1799, data: '10 GB', minutes: '1000 min', sms: '1000',
    description: t('10 GB interneta i 1000 minuta ka svim mrežama.', '10 GB of data and 1000 minutes to all networks.') },
  { code: 'ORBITA_FLEX_20', parent: 'ORBITA_FLEX', name: 'Orbita Flex 20', processType: 'TOP_OFFER', esim: 'ESIM_SIM', fee: 2299, data: '20 GB', minutes: 'Neograničeno', sms: 'Neograničeno',
    description: t('20 GB interneta i neograničeni razgovori.', '20 GB of data and unlimited calls.') },
  { code: 'ORBITA_START', name: 'Orbita Start', processType: 'BASIC_OFFER', esim: 'NONE', fee: 999, data: '3 GB', minutes: '300 min', sms: '300',
    description: t('Osnovna tarifa za razgovore i povremeno surfovanje.', 'A basic tariff for calls and occasional browsing.') },
  { code: 'ORBITA_SMART', name: 'Orbita Smart', processType: 'BASIC_OFFER', esim: 'ESIM_SIM', fee: 1499, data: '6 GB', minutes: '600 min', sms: '600',
    description: t('6 GB interneta i 600 minuta, sa eSIM opcijom.', '6 GB of data and 600 minutes, with an eSIM option.') },
  { code: 'ORBITA_PLUS', name: 'Orbita Plus', processType: 'BASIC_OFFER', esim: 'ESIM_SIM', fee: 1999, promo: { months: 12, price: 1699 }, data: '15 GB', minutes: 'Neograničeno u mreži', sms: '1000',
    description: t('15 GB interneta i neograničeni razgovori u Orbita mreži.', '15 GB of data and unlimited calls within the Orbita network.') },
];

export const prepaidPackages: Array<{ code: string; name: string; price: number; esim: 'NONE' | 'ESIM_SIM' | 'ESIM'; data: string; description: LocalText }> = [
  { code: 'ORBITA_PREPAID_START', name: 'Orbita Pripejd Start', price: 300, esim: 'ESIM_SIM', data: '1 GB',
    description: t('Pripejd paket sa 300 dinara kredita i 1 GB interneta.', 'Prepaid pack with 300 RSD credit and 1 GB of data.') },
  { code: 'ORBITA_PREPAID_NET', name: 'Orbita Pripejd Net', price: 500, esim: 'ESIM_SIM', data: '5 GB',
    description: t('5 GB interneta za 30 dana.', '5 GB of data for 30 days.') },
  { code: 'ORBITA_PREPAID_MAX', name: 'Orbita Pripejd Max', price: 900, esim: 'ESIM_SIM', data: '15 GB',
    description: t('15 GB interneta i 500 minuta za 30 dana.', '15 GB of data and 500 minutes for 30 days.') },
  { code: 'ORBITA_PREPAID_ESIM', name: 'Orbita Pripejd eSIM', price: 400, esim: 'ESIM', data: '3 GB',
    description: t('Pripejd paket samo kao eSIM, aktivacija za nekoliko minuta.', 'An eSIM-only prepaid pack, activated within minutes.') },
];

const c = (code: string, sr: string, en: string, hex: string, stock: number): SeedColor => ({ code, name: t(sr, en), hex, stock });
const d = (sr: string, en: string) => t(sr, en);

export const phones: SeedPhone[] = [
  { code: 'SAMSUNG_GALAXY_S25_ULTRA', brand: 'Samsung', name: 'Samsung Galaxy S25 Ultra 12/256GB', price: 169999, esim: 'ESIM_SIM', rating: 4.8,
    colors: [c('titanium-black', 'Titanijum crna', 'Titanium Black', '#2b2b2e', 14), c('titanium-silverblue', 'Titanijum srebrnoplava', 'Titanium Silverblue', '#a9b8c9', 6), c('titanium-gray', 'Titanijum siva', 'Titanium Gray', '#8e8e8b', 2), c('titanium-whitesilver', 'Titanijum belosrebrna', 'Titanium Whitesilver', '#e4e4e2', 9)],
    spec: { display: '6,9"', resolution: '3120 x 1440', panel: 'Dynamic AMOLED 2X, 120 Hz', camera: '200 + 50 + 50 + 10 MP', front: '12 MP', battery: 5000, charging: '45 W', ram: '12 GB', storage: '256 GB', os: 'Android 15, One UI 7', chip: 'Snapdragon 8 Elite', net5g: true, weight: 218 },
    description: d('Vrhunski Samsung sa S Pen olovkom, titanijumskim kućištem i kamerom od 200 MP.', 'Samsung flagship with S Pen, titanium frame and a 200 MP camera.') },
  { code: 'SAMSUNG_GALAXY_S25', brand: 'Samsung', name: 'Samsung Galaxy S25 8/128GB', price: 109999, oldPrice: 119999, esim: 'ESIM_SIM', rating: 4.7,
    colors: [c('icyblue', 'Ledeno plava', 'Icyblue', '#b9cfe3', 18), c('navy', 'Teget', 'Navy', '#2c3552', 11), c('mint', 'Mint', 'Mint', '#cfe8d9', 4), c('silver-shadow', 'Srebrna', 'Silver Shadow', '#c4c5c7', 7)],
    spec: { display: '6,2"', resolution: '2340 x 1080', panel: 'Dynamic AMOLED 2X, 120 Hz', camera: '50 + 12 + 10 MP', front: '12 MP', battery: 4000, charging: '25 W', ram: '8 GB', storage: '128 GB', os: 'Android 15, One UI 7', chip: 'Snapdragon 8 Elite', net5g: true, weight: 162 },
    description: d('Kompaktan vrhunski telefon sa Galaxy AI funkcijama.', 'A compact flagship with Galaxy AI features.') },
  { code: 'SAMSUNG_GALAXY_A56', brand: 'Samsung', name: 'Samsung Galaxy A56 5G 8/256GB', price: 54999, esim: 'ESIM_SIM', rating: 4.5,
    colors: [c('awesome-graphite', 'Grafit', 'Awesome Graphite', '#3b3c40', 25), c('awesome-lightgray', 'Svetlosiva', 'Awesome Lightgray', '#d6d7d9', 2), c('awesome-olive', 'Maslinasta', 'Awesome Olive', '#8a8d6e', 9), c('awesome-pink', 'Roze', 'Awesome Pink', '#e9c6cf', 0)],
    spec: { display: '6,7"', resolution: '2340 x 1080', panel: 'Super AMOLED, 120 Hz', camera: '50 + 12 + 5 MP', front: '12 MP', battery: 5000, charging: '45 W', ram: '8 GB', storage: '256 GB', os: 'Android 15, One UI 7', chip: 'Exynos 1580', net5g: true, weight: 198 },
    description: d('Najprodavaniji Samsung srednje klase sa 6 godina ažuriranja.', 'Samsung\'s best-selling mid-ranger with 6 years of updates.') },
  { code: 'SAMSUNG_GALAXY_A26', brand: 'Samsung', name: 'Samsung Galaxy A26 5G 6/128GB', price: 32999, esim: 'NONE', rating: 4.3,
    colors: [c('black', 'Crna', 'Black', '#1f1f21', 30), c('white', 'Bela', 'White', '#f1f1ef', 12), c('mint', 'Mint', 'Mint', '#c9e6d6', 3)],
    spec: { display: '6,7"', resolution: '2340 x 1080', panel: 'Super AMOLED, 120 Hz', camera: '50 + 8 + 2 MP', front: '13 MP', battery: 5000, charging: '25 W', ram: '6 GB', storage: '128 GB', os: 'Android 15, One UI 7', chip: 'Exynos 1380', net5g: true, weight: 200 },
    description: d('Pristupačan 5G telefon sa velikim AMOLED ekranom.', 'An affordable 5G phone with a large AMOLED screen.') },
  { code: 'SAMSUNG_GALAXY_Z_FLIP7', brand: 'Samsung', name: 'Samsung Galaxy Z Flip7 12/256GB', price: 139999, esim: 'ESIM_SIM', rating: 4.6,
    colors: [c('blue-shadow', 'Plava', 'Blue Shadow', '#3f5e8c', 5), c('jetblack', 'Crna', 'Jetblack', '#121214', 8), c('coralred', 'Koralno crvena', 'Coralred', '#e0625a', 1)],
    spec: { display: '6,9" + 4,1"', resolution: '2520 x 1080', panel: 'Dynamic AMOLED 2X, 120 Hz', camera: '50 + 12 MP', front: '10 MP', battery: 4300, charging: '25 W', ram: '12 GB', storage: '256 GB', os: 'Android 16, One UI 8', chip: 'Exynos 2500', net5g: true, weight: 188 },
    description: d('Preklopni telefon sa spoljnim ekranom preko cele površine.', 'A flip phone with an edge-to-edge cover screen.') },
  { code: 'APPLE_IPHONE_16_PRO', brand: 'Apple', name: 'Apple iPhone 16 Pro 128GB', price: 174999, esim: 'ESIM_SIM', rating: 4.8,
    colors: [c('desert-titanium', 'Pustinjski titanijum', 'Desert Titanium', '#bfa48f', 7), c('natural-titanium', 'Prirodni titanijum', 'Natural Titanium', '#bab4a9', 10), c('white-titanium', 'Beli titanijum', 'White Titanium', '#f2f1ed', 3), c('black-titanium', 'Crni titanijum', 'Black Titanium', '#3c3c3d', 12)],
    spec: { display: '6,3"', resolution: '2622 x 1206', panel: 'Super Retina XDR OLED, ProMotion 120 Hz', camera: '48 + 48 + 12 MP', front: '12 MP', battery: 3582, charging: '30 W, MagSafe 25 W', ram: '8 GB', storage: '128 GB', os: 'iOS 18', chip: 'A18 Pro', net5g: true, weight: 199 },
    description: d('iPhone 16 Pro sa dugmetom za kameru i A18 Pro čipom.', 'iPhone 16 Pro with Camera Control and the A18 Pro chip.') },
  { code: 'APPLE_IPHONE_16', brand: 'Apple', name: 'Apple iPhone 16 128GB', price: 124999, esim: 'ESIM_SIM', rating: 4.7,
    colors: [c('ultramarine', 'Ultramarin', 'Ultramarine', '#5b6fd6', 9), c('teal', 'Tirkizna', 'Teal', '#9cc5c0', 6), c('pink', 'Roze', 'Pink', '#f2c1d4', 4), c('black', 'Crna', 'Black', '#2e2f31', 15)],
    spec: { display: '6,1"', resolution: '2556 x 1179', panel: 'Super Retina XDR OLED', camera: '48 + 12 MP', front: '12 MP', battery: 3561, charging: '25 W MagSafe', ram: '8 GB', storage: '128 GB', os: 'iOS 18', chip: 'A18', net5g: true, weight: 170 },
    description: d('iPhone 16 u živim bojama, sa Apple Intelligence funkcijama.', 'iPhone 16 in vivid colours, with Apple Intelligence.') },
  { code: 'APPLE_IPHONE_16E', brand: 'Apple', name: 'Apple iPhone 16e 128GB', price: 89999, esim: 'ESIM_SIM', rating: 4.5,
    colors: [c('black', 'Crna', 'Black', '#232325', 20), c('white', 'Bela', 'White', '#f5f5f3', 8)],
    spec: { display: '6,1"', resolution: '2532 x 1170', panel: 'Super Retina XDR OLED', camera: '48 MP', front: '12 MP', battery: 4005, charging: '20 W', ram: '8 GB', storage: '128 GB', os: 'iOS 18', chip: 'A18', net5g: true, weight: 167 },
    description: d('Najpristupačniji iPhone sa A18 čipom.', 'The most affordable iPhone with the A18 chip.') },
  { code: 'APPLE_IPHONE_15', brand: 'Apple', name: 'Apple iPhone 15 128GB', price: 99999, oldPrice: 109999, esim: 'ESIM_SIM', rating: 4.6,
    colors: [c('black', 'Crna', 'Black', '#35383b', 6), c('blue', 'Plava', 'Blue', '#d4e1e8', 5), c('green', 'Zelena', 'Green', '#d8e4d0', 2)],
    spec: { display: '6,1"', resolution: '2556 x 1179', panel: 'Super Retina XDR OLED', camera: '48 + 12 MP', front: '12 MP', battery: 3349, charging: '20 W', ram: '6 GB', storage: '128 GB', os: 'iOS 18', chip: 'A16 Bionic', net5g: true, weight: 171 },
    description: d('iPhone 15 sa Dynamic Island i USB-C priključkom.', 'iPhone 15 with Dynamic Island and USB-C.') },
  { code: 'XIAOMI_15', brand: 'Xiaomi', name: 'Xiaomi 15 12/256GB', price: 119999, esim: 'ESIM_SIM', rating: 4.6,
    colors: [c('black', 'Crna', 'Black', '#1d1d1f', 6), c('white', 'Bela', 'White', '#f3f3f1', 4), c('green', 'Zelena', 'Green', '#6f8f7a', 3)],
    spec: { display: '6,36"', resolution: '2670 x 1200', panel: 'AMOLED, 120 Hz', camera: '50 + 50 + 50 MP Leica', front: '32 MP', battery: 5240, charging: '90 W', ram: '12 GB', storage: '256 GB', os: 'Android 15, HyperOS 2', chip: 'Snapdragon 8 Elite', net5g: true, weight: 191 },
    description: d('Kompaktni Xiaomi sa Leica kamerama.', 'A compact Xiaomi with Leica cameras.') },
  { code: 'XIAOMI_REDMI_NOTE_14_PRO', brand: 'Xiaomi', name: 'Xiaomi Redmi Note 14 Pro 8/256GB', price: 44999, esim: 'NONE', rating: 4.4,
    colors: [c('midnight-black', 'Ponoćno crna', 'Midnight Black', '#202124', 22), c('ocean-blue', 'Okean plava', 'Ocean Blue', '#2f6d9b', 10), c('lavender-purple', 'Lavanda', 'Lavender Purple', '#b7a3d3', 7)],
    spec: { display: '6,67"', resolution: '2712 x 1220', panel: 'AMOLED, 120 Hz', camera: '200 + 8 + 2 MP', front: '32 MP', battery: 5500, charging: '45 W', ram: '8 GB', storage: '256 GB', os: 'Android 14, HyperOS', chip: 'Helio G100 Ultra', net5g: false, weight: 190 },
    description: d('Kamera od 200 MP i IP64 zaštita po povoljnoj ceni.', 'A 200 MP camera and IP64 protection at a fair price.') },
  { code: 'XIAOMI_REDMI_14C', brand: 'Xiaomi', name: 'Xiaomi Redmi 14C 4/128GB', price: 17999, esim: 'NONE', rating: 4.1,
    colors: [c('midnight-black', 'Ponoćno crna', 'Midnight Black', '#232427', 40), c('sage-green', 'Žalfija zelena', 'Sage Green', '#a8b8a0', 15), c('dreamy-purple', 'Ljubičasta', 'Dreamy Purple', '#b4a5d6', 9)],
    spec: { display: '6,88"', resolution: '1640 x 720', panel: 'IPS LCD, 120 Hz', camera: '50 MP', front: '13 MP', battery: 5160, charging: '18 W', ram: '4 GB', storage: '128 GB', os: 'Android 14, HyperOS', chip: 'Helio G81-Ultra', net5g: false, weight: 211 },
    description: d('Veliki ekran i baterija za dva dana.', 'A big screen and a two-day battery.') },
  { code: 'MOTOROLA_EDGE_50_NEO', brand: 'Motorola', name: 'Motorola Edge 50 Neo 12/512GB', price: 49999, esim: 'ESIM_SIM', rating: 4.4,
    colors: [c('grisaille', 'Siva', 'Grisaille', '#5d6066', 8), c('poinciana', 'Crvena', 'Poinciana', '#b53a2f', 5), c('latte', 'Bež', 'Latte', '#cdb8a0', 6)],
    spec: { display: '6,4"', resolution: '2670 x 1220', panel: 'P-OLED, 120 Hz', camera: '50 + 13 + 10 MP', front: '32 MP', battery: 4310, charging: '68 W', ram: '12 GB', storage: '512 GB', os: 'Android 14', chip: 'Dimensity 7300', net5g: true, weight: 171 },
    description: d('Kompaktan, MIL-STD otporan telefon sa Pantone bojama.', 'A compact, MIL-STD rugged phone in Pantone colours.') },
  { code: 'MOTOROLA_MOTO_G85', brand: 'Motorola', name: 'Motorola Moto G85 5G 8/256GB', price: 29999, esim: 'NONE', rating: 4.2,
    colors: [c('cobalt-blue', 'Kobalt plava', 'Cobalt Blue', '#2b4c8c', 12), c('olive-green', 'Maslinasta', 'Olive Green', '#6d7358', 7), c('urban-grey', 'Siva', 'Urban Grey', '#7b7e83', 0)],
    spec: { display: '6,67"', resolution: '2400 x 1080', panel: 'P-OLED, 120 Hz', camera: '50 + 8 MP', front: '32 MP', battery: 5000, charging: '30 W', ram: '8 GB', storage: '256 GB', os: 'Android 14', chip: 'Snapdragon 6s Gen 3', net5g: true, weight: 172 },
    description: d('Zakrivljeni pOLED ekran i 5G po pristupačnoj ceni.', 'A curved pOLED screen and 5G at an affordable price.') },
  { code: 'HONOR_400', brand: 'Honor', name: 'Honor 400 5G 12/512GB', price: 64999, esim: 'NONE', rating: 4.5,
    colors: [c('midnight-black', 'Ponoćno crna', 'Midnight Black', '#1c1c1e', 9), c('desert-gold', 'Zlatna', 'Desert Gold', '#d9c29a', 5), c('meteor-silver', 'Srebrna', 'Meteor Silver', '#c8ccd1', 2)],
    spec: { display: '6,55"', resolution: '2736 x 1264', panel: 'AMOLED, 120 Hz', camera: '200 + 12 MP', front: '50 MP', battery: 5300, charging: '66 W', ram: '12 GB', storage: '512 GB', os: 'Android 15, MagicOS 9', chip: 'Snapdragon 7 Gen 4', net5g: true, weight: 184 },
    description: d('Kamera od 200 MP sa AI alatima za fotografiju.', 'A 200 MP camera with AI photo tools.') },
  { code: 'HONOR_MAGIC7_LITE', brand: 'Honor', name: 'Honor Magic7 Lite 8/256GB', price: 39999, esim: 'NONE', rating: 4.3,
    colors: [c('titanium-black', 'Titanijum crna', 'Titanium Black', '#2a2a2c', 16), c('titanium-purple', 'Titanijum ljubičasta', 'Titanium Purple', '#8f7fa8', 6)],
    spec: { display: '6,78"', resolution: '2700 x 1224', panel: 'AMOLED, 120 Hz', camera: '108 + 5 MP', front: '16 MP', battery: 6600, charging: '66 W', ram: '8 GB', storage: '256 GB', os: 'Android 14, MagicOS 8', chip: 'Snapdragon 6 Gen 1', net5g: true, weight: 189 },
    description: d('Baterija od 6600 mAh i ekran otporan na padove.', 'A 6600 mAh battery and a drop-resistant screen.') },
  { code: 'NOKIA_G42', brand: 'Nokia', name: 'Nokia G42 5G 6/128GB', price: 22999, esim: 'NONE', rating: 4.0,
    colors: [c('so-grey', 'Siva', 'So Grey', '#6b6e73', 10), c('so-purple', 'Ljubičasta', 'So Purple', '#b9a6d9', 4)],
    spec: { display: '6,56"', resolution: '1612 x 720', panel: 'IPS LCD, 90 Hz', camera: '50 + 2 + 2 MP', front: '8 MP', battery: 5000, charging: '20 W', ram: '6 GB', storage: '128 GB', os: 'Android 13', chip: 'Snapdragon 480+', net5g: true, weight: 193 },
    description: d('Telefon koji sami možete popraviti, uz 5G.', 'A phone you can repair yourself, with 5G.') },
  { code: 'NOKIA_105_4G', brand: 'Nokia', name: 'Nokia 105 4G', price: 4999, esim: 'NONE', rating: 4.1,
    colors: [c('charcoal', 'Ugljeno siva', 'Charcoal', '#33363a', 35), c('blue', 'Plava', 'Blue', '#3a6fb0', 20)],
    spec: { display: '1,8"', resolution: '160 x 120', panel: 'TFT', camera: '—', front: '—', battery: 1450, charging: '5 W', ram: '48 MB', storage: '128 MB', os: 'Series 30+', chip: 'Unisoc T107', net5g: false, weight: 91 },
    description: d('Klasičan telefon sa 4G pozivima i baterijom za nedelju dana.', 'A classic phone with 4G calls and a week-long battery.') },
  { code: 'GOOGLE_PIXEL_9', brand: 'Google', name: 'Google Pixel 9 12/128GB', price: 109999, esim: 'ESIM_SIM', rating: 4.6,
    colors: [c('obsidian', 'Opsidijan', 'Obsidian', '#202124', 7), c('porcelain', 'Porcelan', 'Porcelain', '#ebe6dd', 5), c('peony', 'Božur roze', 'Peony', '#f0b6c4', 3), c('wintergreen', 'Zimzelena', 'Wintergreen', '#c6ddc8', 4)],
    spec: { display: '6,3"', resolution: '2424 x 1080', panel: 'Actua OLED, 120 Hz', camera: '50 + 48 MP', front: '10,5 MP', battery: 4700, charging: '27 W', ram: '12 GB', storage: '128 GB', os: 'Android 15', chip: 'Google Tensor G4', net5g: true, weight: 198 },
    description: d('Pixel sa Gemini asistentom i 7 godina ažuriranja.', 'A Pixel with Gemini and 7 years of updates.') },
  { code: 'GOOGLE_PIXEL_9A', brand: 'Google', name: 'Google Pixel 9a 8/128GB', price: 59999, esim: 'ESIM_SIM', rating: 4.5,
    colors: [c('obsidian', 'Opsidijan', 'Obsidian', '#26272a', 11), c('porcelain', 'Porcelan', 'Porcelain', '#ede8df', 6), c('iris', 'Iris ljubičasta', 'Iris', '#a5a6da', 2)],
    spec: { display: '6,3"', resolution: '2424 x 1080', panel: 'Actua pOLED, 120 Hz', camera: '48 + 13 MP', front: '13 MP', battery: 5100, charging: '23 W', ram: '8 GB', storage: '128 GB', os: 'Android 15', chip: 'Google Tensor G4', net5g: true, weight: 186 },
    description: d('Pixel iskustvo po pristupačnoj ceni.', 'The Pixel experience at an accessible price.') },
  { code: 'APPLE_IPHONE_16_PLUS', brand: 'Apple', name: 'Apple iPhone 16 Plus 128GB', price: 139999, esim: 'ESIM_SIM', rating: 4.6,
    colors: [c('black', 'Crna', 'Black', '#2b2b2d', 6), c('teal', 'Tirkizna', 'Teal', '#a8cfc8', 4), c('white', 'Bela', 'White', '#f2f2f0', 3)],
    spec: { display: '6,7"', resolution: '2796 x 1290', panel: 'Super Retina XDR OLED', camera: '48 + 12 MP', front: '12 MP', battery: 4674, charging: '25 W', ram: '8 GB', storage: '128 GB', os: 'iOS 18', chip: 'Apple A18', net5g: true, weight: 199 },
    description: d('Veliki ekran i baterija za ceo dan uz Apple Intelligence.', 'A big screen and all-day battery with Apple Intelligence.') },
  { code: 'SAMSUNG_GALAXY_A16', brand: 'Samsung', name: 'Samsung Galaxy A16 5G 4/128GB', price: 24999, esim: 'NONE', rating: 4.2,
    colors: [c('black', 'Crna', 'Black', '#23262b', 30), c('lightgreen', 'Svetlo zelena', 'Light green', '#cfe3c9', 12), c('gray', 'Siva', 'Gray', '#9ea3a8', 9)],
    spec: { display: '6,7"', resolution: '2340 x 1080', panel: 'Super AMOLED, 90 Hz', camera: '50 + 5 + 2 MP', front: '13 MP', battery: 5000, charging: '25 W', ram: '4 GB', storage: '128 GB', os: 'Android 14', chip: 'Exynos 1330', net5g: true, weight: 200 },
    description: d('5G telefon sa šest godina ažuriranja sistema.', 'A 5G phone with six years of system updates.') },
  { code: 'XIAOMI_POCO_X7_PRO', brand: 'Xiaomi', name: 'Xiaomi POCO X7 Pro 12/256GB', price: 46999, esim: 'NONE', rating: 4.5,
    colors: [c('black', 'Crna', 'Black', '#1d1e20', 10), c('yellow', 'Žuta', 'Yellow', '#f1c84b', 5)],
    spec: { display: '6,67"', resolution: '2712 x 1220', panel: 'AMOLED, 120 Hz', camera: '50 + 8 MP', front: '20 MP', battery: 6000, charging: '90 W', ram: '12 GB', storage: '256 GB', os: 'Android 15', chip: 'Dimensity 8400 Ultra', net5g: true, weight: 195 },
    description: d('Snaga za igre i baterija od 6000 mAh.', 'Gaming power and a 6000 mAh battery.') },
  { code: 'MOTOROLA_MOTO_G55', brand: 'Motorola', name: 'Motorola Moto G55 5G 8/256GB', price: 22999, esim: 'ESIM_SIM', rating: 4.2,
    colors: [c('forestgreen', 'Šumsko zelena', 'Forest green', '#2f4a3a', 14), c('smokyblack', 'Dimno crna', 'Smoky black', '#2a2a2c', 11)],
    spec: { display: '6,49"', resolution: '2400 x 1080', panel: 'LCD, 120 Hz', camera: '50 + 8 MP', front: '16 MP', battery: 5000, charging: '30 W', ram: '8 GB', storage: '256 GB', os: 'Android 14', chip: 'Dimensity 7025', net5g: true, weight: 179 },
    description: d('Pristupačan 5G telefon sa eSIM podrškom.', 'An affordable 5G phone with eSIM support.') },
];

export const accessories: SeedAccessory[] = [
  { code: 'ACC_SAMSUNG_25W_CHARGER', brand: 'Samsung', name: 'Samsung punjač 25 W USB-C', price: 2499, kind: 'charger', hex: '#f4f4f4', stock: 40, forBrands: ['Samsung'],
    description: d('Brzi punjač od 25 W sa USB-C priključkom.', 'A 25 W fast charger with USB-C.') },
  { code: 'ACC_APPLE_20W_ADAPTER', brand: 'Apple', name: 'Apple USB-C adapter 20 W', price: 2999, kind: 'charger', hex: '#fafafa', stock: 35, forBrands: ['Apple'],
    description: d('Originalni Apple adapter za brzo punjenje.', 'Original Apple fast-charging adapter.') },
  { code: 'ACC_SAMSUNG_BUDS3_PRO', brand: 'Samsung', name: 'Samsung Galaxy Buds3 Pro', price: 24999, oldPrice: 27999, kind: 'earbuds', hex: '#c0c2c5', stock: 12, forBrands: ['Samsung'],
    description: d('Bežične slušalice sa aktivnim poništavanjem buke.', 'Wireless earbuds with active noise cancelling.') },
  { code: 'ACC_APPLE_AIRPODS_4', brand: 'Apple', name: 'Apple AirPods 4 ANC', price: 22999, kind: 'earbuds', hex: '#ffffff', stock: 9, forBrands: ['Apple'],
    description: d('AirPods 4 sa aktivnim poništavanjem buke.', 'AirPods 4 with active noise cancellation.') },
  { code: 'ACC_XIAOMI_BUDS6_ACTIVE', brand: 'Xiaomi', name: 'Xiaomi Redmi Buds 6 Active', price: 2999, kind: 'earbuds', hex: '#1f1f1f', stock: 50, forBrands: 'all',
    description: d('Lagane bežične slušalice sa 30 sati trajanja.', 'Light wireless earbuds with 30 hours of playback.') },
  { code: 'ACC_ANKER_POWERBANK_10K', brand: 'Anker', name: 'Anker PowerCore 10000 mAh', price: 3999, kind: 'powerbank', hex: '#2d2f33', stock: 25, forBrands: 'all',
    description: d('Prenosiva baterija od 10000 mAh sa USB-C.', 'A 10000 mAh power bank with USB-C.') },
  { code: 'ACC_SPIGEN_CASE_IPHONE16', brand: 'Spigen', name: 'Spigen Ultra Hybrid maska za iPhone 16', price: 2799, kind: 'case', hex: '#dfe6ee', stock: 18, forBrands: ['Apple'],
    description: d('Providna maska sa ojačanim uglovima.', 'A clear case with reinforced corners.') },
  { code: 'ACC_SAMSUNG_CLEAR_CASE_S25', brand: 'Samsung', name: 'Samsung Clear Case za Galaxy S25', price: 2199, kind: 'case', hex: '#e6ecf2', stock: 3, forBrands: ['Samsung'],
    description: d('Originalna providna maska.', 'Original clear case.') },
  { code: 'ACC_JBL_TUNE_520BT', brand: 'JBL', name: 'JBL Tune 520BT', price: 5999, kind: 'headphones', hex: '#1e3f8a', stock: 14, forBrands: 'all',
    description: d('Bežične naglavne slušalice, 57 sati muzike.', 'Wireless on-ear headphones, 57 hours of music.') },
  { code: 'ACC_XIAOMI_SMART_BAND_9', brand: 'Xiaomi', name: 'Xiaomi Smart Band 9', price: 4999, kind: 'band', hex: '#111111', stock: 22, forBrands: 'all',
    description: d('Narukvica za praćenje aktivnosti sa AMOLED ekranom.', 'A fitness band with an AMOLED screen.') },
  { code: 'ACC_SAMSUNG_GALAXY_WATCH7', brand: 'Samsung', name: 'Samsung Galaxy Watch7 44 mm', price: 34999, kind: 'watch', hex: '#3a3d42', stock: 0, forBrands: ['Samsung'],
    description: d('Pametni sat sa praćenjem zdravlja i sna.', 'A smartwatch with health and sleep tracking.') },
  { code: 'ACC_TEMPERED_GLASS', brand: 'Orbita', name: 'Zaštitno kaljeno staklo', price: 1299, kind: 'glass', hex: '#cfe3f1', stock: 100, forBrands: 'all',
    description: d('Kaljeno staklo 9H za zaštitu ekrana.', '9H tempered glass screen protector.') },
  { code: 'ACC_USBC_CABLE', brand: 'Orbita', name: 'USB-C na USB-C kabl 1 m', price: 1199, kind: 'cable', hex: '#fafafa', stock: 80, forBrands: 'all',
    description: d('Pleteni kabl za punjenje i prenos podataka.', 'A braided cable for charging and data.') },
];

export const insurances: Array<{ code: string; name: string; monthly: number; description: LocalText }> = [
  { code: 'INSURANCE_SCREEN', name: 'Orbita Zaštita ekrana', monthly: 299,
    description: d('Popravka ekrana jednom godišnje bez učešća.', 'One screen repair a year with no excess.') },
  { code: 'INSURANCE_PREMIUM', name: 'Orbita Potpuna zaštita', monthly: 599,
    description: d('Zaštita od loma, krađe i oštećenja tečnošću.', 'Cover against breakage, theft and liquid damage.') },
];

export const consentTemplates: Array<{ id: string; name: LocalText; description: LocalText; required: boolean; documentUrl: string | null }> = [
  { id: 'GENERAL_TERMS_AGREEMENT', required: true, documentUrl: '/media/docs/opsti-uslovi.pdf',
    name: d('Prihvatam Opšte uslove pružanja usluga', 'I accept the General Terms of Service'),
    description: d('Opšti uslovi Orbita Telekoma za pružanje elektronskih komunikacionih usluga.', 'Orbita Telekom\'s general terms for electronic communication services.') },
  { id: 'PRIVACY_POLICY_AGREEMENT', required: true, documentUrl: '/media/docs/politika-privatnosti.pdf',
    name: d('Upoznat/a sam sa Obaveštenjem o obradi podataka o ličnosti', 'I have read the Personal Data Processing Notice'),
    description: d('Kako obrađujemo i čuvamo tvoje podatke.', 'How we process and keep your data.') },
  { id: 'SEND_CONTRACT_DOCS_TO_EMAIL', required: false, documentUrl: null,
    name: d('Pošaljite mi ugovornu dokumentaciju na imejl', 'Send the contract documents to my e-mail'),
    description: d('Ugovor i uslove dobićeš na kontakt imejl adresu.', 'You will receive the contract and terms at your contact e-mail.') },
  { id: 'MARKETING_CONSENT', required: false, documentUrl: null,
    name: d('Želim da dobijam ponude i novosti', 'I want to receive offers and news'),
    description: d('Povremeno ćemo ti slati posebne ponude.', 'We will occasionally send you special offers.') },
  { id: 'PHONEBOOK_CONSENT', required: false, documentUrl: null,
    name: d('Saglasan/na sam da moj broj bude u imeniku', 'I agree to have my number in the phone book'),
    description: d('Tvoj broj će biti dostupan u javnom imeniku.', 'Your number will be listed in the public directory.') },
];

export const cmsComponents: Array<{ id: string; headline: LocalText; content: LocalText; cta: LocalText | null; mediaUrl: string | null; mediaCode: string | null }> = [
  { id: 'noStockPopup', headline: d('Proizvod trenutno nije na stanju', 'The product is currently out of stock'),
    content: d('Izabrana boja je rasprodata. Izaberi drugu boju ili nas poseti ponovo uskoro.', 'The chosen colour is sold out. Pick another colour or check again soon.'),
    cta: d('Izaberi drugu boju', 'Choose another colour'), mediaUrl: '/media/cms/no-stock.svg', mediaCode: 'no-stock' },
  // shown for every product code's quantity limit (3 accessories, 2 devices: schemas/rules/cart-limits.json), next to the server message
  { id: 'limitOversteppedPopup', headline: d('Najveća dozvoljena količina', 'Maximum quantity'),
    content: d('Količina jednog proizvoda u porudžbini je ograničena. Ako ti treba više komada, završi ovu kupovinu pa napravi još jednu porudžbinu.', 'The quantity of one product per order is limited. If you need more pieces, finish this purchase and place another order.'),
    cta: d('U redu', 'OK'), mediaUrl: null, mediaCode: null },
  { id: 'bundledMonthlyPriceTooltip', headline: d('Mesečna cena', 'Monthly price'),
    content: d('Mesečna cena obuhvata ratu uređaja i mesečnu pretplatu tarife.', 'The monthly price includes the device installment and the tariff fee.'),
    cta: null, mediaUrl: null, mediaCode: null },
];

/** Banners (issue 13): content components with a list (a category code or 'home'), a webPosition (how many products
 *  come before it) and a link. */
export const banners: Array<{ id: string; categoryCode: string; webPosition: number; headline: LocalText; content: LocalText; cta: LocalText; linkUrl: string; accentColor?: string }> = [
  { id: 'banner-phones-tariffs', accentColor: '#e30613', categoryCode: 'telefoni', webPosition: 6,
    headline: d('Telefon uz tarifu, na do 24 rate', 'A phone with a tariff, in up to 24 instalments'),
    content: d('Uz Orbita Max tarifu uređaj plaćaš na rate bez kamate, a prvih meseci pretplata je niža.', 'With an Orbita Max tariff you pay the phone in interest-free instalments, and the first months cost less.'),
    cta: d('Pogledaj tarife', 'See the tariffs'), linkUrl: '/Privatni/Tarife/Uredjaji' },
  { id: 'banner-phones-accessories', accentColor: '#1f2a44', categoryCode: 'telefoni', webPosition: 15,
    headline: d('Zaštiti novi telefon', 'Protect your new phone'),
    content: d('Futrole, zaštitna stakla i punjači za tvoj model, uz besplatnu dostavu.', 'Cases, screen protectors and chargers for your model, with free delivery.'),
    cta: d('Dodatna oprema', 'Accessories'), linkUrl: '/Privatni/Uredjaji/Pojedinacni/dodatna_oprema' },
  { id: 'banner-home-roaming', accentColor: '#0a7cc1', categoryCode: 'home', webPosition: 1,
    headline: d('Putuješ? Uzmi roming dodatak', 'Travelling? Take a roaming add-on'),
    content: d('Internet i razgovori u inostranstvu po ceni koju znaš unapred.', 'Data and calls abroad at a price you know in advance.'),
    cta: d('Roming dodaci', 'Roaming add-ons'), linkUrl: '/dodaci/roming' },
  { id: 'banner-home-digital', accentColor: '#6b3fa0', categoryCode: 'home', webPosition: 2,
    headline: d('Muzika, sport i serije uz tarifu', 'Music, sport and series with your tariff'),
    content: d('Digitalni servisi se plaćaju na istom računu kao tarifa.', 'Digital services are billed with your tariff.'),
    cta: d('Digitalni servisi', 'Digital services'), linkUrl: '/Digitalni-servisi' },
];

export const deliveryTimeSlots: Array<{ code: string; name: LocalText }> = [
  { code: 'SLOT_08_12', name: d('08:00 – 12:00', '08:00 – 12:00') },
  { code: 'SLOT_12_16', name: d('12:00 – 16:00', '12:00 – 16:00') },
  { code: 'SLOT_16_20', name: d('16:00 – 20:00', '16:00 – 20:00') },
];

export function phoneSpecification(p: SeedPhone): SpecGroup[] {
  const s = p.spec;
  const yes = d('Da', 'Yes'); const no = d('Ne', 'No');
  return [
    { name: d('Ekran', 'Display'), items: [
      { name: d('Veličina', 'Size'), value: d(s.display, s.display.replace(',', '.')) },
      { name: d('Rezolucija', 'Resolution'), value: d(s.resolution, s.resolution) },
      { name: d('Tip ekrana', 'Panel'), value: d(s.panel, s.panel) } ] },
    { name: d('Kamera', 'Camera'), items: [
      { name: d('Zadnja kamera', 'Rear camera'), value: d(s.camera, s.camera) },
      { name: d('Prednja kamera', 'Front camera'), value: d(s.front, s.front) } ] },
    { name: d('Baterija', 'Battery'), items: [
      { name: d('Kapacitet', 'Capacity'), value: d(`${s.battery} mAh`, `${s.battery} mAh`) },
      { name: d('Brzo punjenje', 'Fast charging'), value: d(s.charging, s.charging) } ] },
    { name: d('Memorija', 'Memory'), items: [
      { name: d('RAM', 'RAM'), value: d(s.ram, s.ram) },
      { name: d('Interna memorija', 'Storage'), value: d(s.storage, s.storage) } ] },
    { name: d('Platforma', 'Platform'), items: [
      { name: d('Operativni sistem', 'Operating system'), value: d(s.os, s.os) },
      { name: d('Procesor', 'Chipset'), value: d(s.chip, s.chip) } ] },
    { name: d('Mreža', 'Network'), items: [
      { name: d('5G', '5G'), value: s.net5g ? yes : no },
      { name: d('eSIM', 'eSIM'), value: p.esim === 'NONE' ? no : yes } ] },
    { name: d('Dimenzije', 'Dimensions'), items: [
      { name: d('Težina', 'Weight'), value: d(`${s.weight} g`, `${s.weight} g`) } ] },
  ];
}

export function phoneHighlights(p: SeedPhone) {
  return [
    { name: d('Ekran', 'Display'), value: d(p.spec.display, p.spec.display.replace(',', '.')) },
    { name: d('Kamera', 'Camera'), value: d(p.spec.camera, p.spec.camera) },
    { name: d('Baterija', 'Battery'), value: d(`${p.spec.battery} mAh`, `${p.spec.battery} mAh`) },
    { name: d('Memorija', 'Memory'), value: d(`${p.spec.ram} / ${p.spec.storage}`, `${p.spec.ram} / ${p.spec.storage}`) },
  ];
}

/** Device price with a tariff: the richer the tariff and the longer the term, the cheaper the device. */
export function bundleDevicePrice(base: number, fee: number, months: number): number {
  const discount = Math.min(fee * months * (months >= 24 ? 0.12 : 0.07), base * 0.6);
  const price = Math.max(base - discount, 1);
  return Math.max(Math.round(price / 100) * 100 - 1, 1);
}
