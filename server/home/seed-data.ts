// Seed data of home services: packages (catalogue products), the product-page hierarchy, characteristic groups,
// TV channels, the address system with GPON coverage. Prices in RSD per month (VAT included).
type LocalText = { sr: string; en: string };
const t = (sr: string, en: string): LocalText => ({ sr, en });

export interface SeedHomeService {
  code: string;
  name: string;
  type: string;
  description: LocalText;
  /** monthly fee (RSD); with promo: the promotional fee for promo.months */
  monthly: number | null;
  promo?: { months: number; price: number };
  /** one-off price (RSD), e.g. a set-top box */
  oneOff?: number;
  /** subscription terms in months (first recommended unless `recommended` says otherwise) */
  terms: number[];
  recommended?: number;
  /** the TV line-up of the package (TV channel page) */
  lineup?: 'START' | 'PLUS' | 'MAX' | 'MSAT' | 'ANTENA';
  basic: Array<[LocalText, LocalText, boolean?]>;
  details: Array<[LocalText, LocalText, boolean?, number?]>;
}

const NET = t('Internet', 'Internet');
const TV = t('TV kanali', 'TV channels');
const PHONE = t('Fiksni telefon', 'Landline');
const ROUTER = t('Wi-Fi ruter', 'Wi-Fi router');

export const homeServices: SeedHomeService[] = [
  // Box: internet + TV + landline
  { code: 'BOX_START', name: 'Orbita Box Start', type: 'BOX_PACKAGE', lineup: 'START', monthly: 3299, promo: { months: 6, price: 2299 }, terms: [12, 24], recommended: 24,
    description: t('Optički internet do 150 Mbit/s, Iris TV Start sa 26 kanala i fiksni telefon sa 100 minuta ka svim mrežama.', 'Fibre internet up to 150 Mbit/s, Iris TV Start with 26 channels and a landline with 100 minutes to all networks.'),
    basic: [[NET, t('150 Mbit/s', '150 Mbit/s'), true], [TV, t('26 kanala', '26 channels'), true], [PHONE, t('100 min', '100 min')]],
    details: [[t('Brzina slanja', 'Upload speed'), t('15 Mbit/s', '15 Mbit/s')], [ROUTER, t('Uključen', 'Included')], [t('Iris TV GO', 'Iris TV GO'), t('1 uređaj', '1 device')], [t('Vraćanje programa', 'Replay'), t('7 dana', '7 days')], [t('Instalacija', 'Installation'), t('Besplatna uz ugovor na 24 meseca', 'Free with a 24-month contract'), true, 24]] },
  { code: 'BOX_PLUS', name: 'Orbita Box Plus', type: 'BOX_PACKAGE', lineup: 'PLUS', monthly: 3999, promo: { months: 6, price: 2999 }, terms: [12, 24], recommended: 24,
    description: t('Optički internet do 300 Mbit/s, Iris TV Plus sa 41 kanalom, Arena Sport i neograničeni razgovori u fiksnoj mreži.', 'Fibre internet up to 300 Mbit/s, Iris TV Plus with 41 channels, Arena Sport and unlimited calls in the fixed network.'),
    basic: [[NET, t('300 Mbit/s', '300 Mbit/s'), true], [TV, t('41 kanal', '41 channels'), true], [PHONE, t('Neograničeno u fiksnoj mreži', 'Unlimited in the fixed network')]],
    details: [[t('Brzina slanja', 'Upload speed'), t('30 Mbit/s', '30 Mbit/s')], [ROUTER, t('Wi-Fi 6 ruter', 'Wi-Fi 6 router')], [t('Arena Sport', 'Arena Sport'), t('Uključen', 'Included'), true], [t('Iris TV GO', 'Iris TV GO'), t('3 uređaja', '3 devices')], [t('Vraćanje programa', 'Replay'), t('7 dana', '7 days')], [t('Instalacija', 'Installation'), t('Besplatna uz ugovor na 24 meseca', 'Free with a 24-month contract'), true, 24]] },
  { code: 'BOX_MAX', name: 'Orbita Box Max', type: 'BOX_PACKAGE', lineup: 'MAX', monthly: 4899, terms: [12, 24], recommended: 24,
    description: t('Gigabitni optički internet, Iris TV Max sa 44 kanala, filmski i sportski paketi i neograničeni razgovori ka svim mrežama u Srbiji.', 'Gigabit fibre internet, Iris TV Max with 44 channels, film and sports packs and unlimited calls to all networks in Serbia.'),
    basic: [[NET, t('1 Gbit/s', '1 Gbit/s'), true], [TV, t('44 kanala', '44 channels'), true], [PHONE, t('Neograničeno ka svim mrežama', 'Unlimited to all networks')]],
    details: [[t('Brzina slanja', 'Upload speed'), t('100 Mbit/s', '100 Mbit/s')], [ROUTER, t('Wi-Fi 6 ruter + Mesh pojačivač', 'Wi-Fi 6 router + mesh extender')], [t('Filmski paket', 'Film pack'), t('Uključen', 'Included'), true], [t('Iris TV GO', 'Iris TV GO'), t('5 uređaja', '5 devices')], [t('Vraćanje programa', 'Replay'), t('7 dana', '7 days')]] },
  // Box: internet + TV
  { code: 'BOX_NET_TV_S', name: 'Orbita Net + TV S', type: 'BOX_PACKAGE', lineup: 'START', monthly: 2799, terms: [12, 24], recommended: 24,
    description: t('Optički internet do 100 Mbit/s i Iris TV Start sa 26 kanala, bez fiksnog telefona.', 'Fibre internet up to 100 Mbit/s and Iris TV Start with 26 channels, without a landline.'),
    basic: [[NET, t('100 Mbit/s', '100 Mbit/s'), true], [TV, t('26 kanala', '26 channels'), true]],
    details: [[ROUTER, t('Uključen', 'Included')], [t('Iris TV GO', 'Iris TV GO'), t('1 uređaj', '1 device')]] },
  { code: 'BOX_NET_TV_L', name: 'Orbita Net + TV L', type: 'BOX_PACKAGE', lineup: 'PLUS', monthly: 3499, promo: { months: 3, price: 2499 }, terms: [12, 24], recommended: 24,
    description: t('Optički internet do 500 Mbit/s i Iris TV Plus sa 41 kanalom i Arena Sportom.', 'Fibre internet up to 500 Mbit/s and Iris TV Plus with 41 channels and Arena Sport.'),
    basic: [[NET, t('500 Mbit/s', '500 Mbit/s'), true], [TV, t('41 kanal', '41 channels'), true]],
    details: [[ROUTER, t('Wi-Fi 6 ruter', 'Wi-Fi 6 router')], [t('Arena Sport', 'Arena Sport'), t('Uključen', 'Included'), true], [t('Iris TV GO', 'Iris TV GO'), t('3 uređaja', '3 devices')]] },
  // Internet
  { code: 'NET_150', name: 'Orbita Net 150', type: 'NET_PACKAGE', monthly: 1999, terms: [12, 24], recommended: 24,
    description: t('Optički internet do 150 Mbit/s bez ograničenja protoka.', 'Fibre internet up to 150 Mbit/s with no data cap.'),
    basic: [[NET, t('150 Mbit/s', '150 Mbit/s'), true], [t('Protok', 'Data'), t('Neograničen', 'Unlimited')]],
    details: [[t('Brzina slanja', 'Upload speed'), t('15 Mbit/s', '15 Mbit/s')], [ROUTER, t('Uključen', 'Included')]] },
  { code: 'NET_500', name: 'Orbita Net 500', type: 'NET_PACKAGE', monthly: 2599, promo: { months: 6, price: 1999 }, terms: [12, 24], recommended: 24,
    description: t('Optički internet do 500 Mbit/s, Wi-Fi 6 ruter uključen.', 'Fibre internet up to 500 Mbit/s, Wi-Fi 6 router included.'),
    basic: [[NET, t('500 Mbit/s', '500 Mbit/s'), true], [t('Protok', 'Data'), t('Neograničen', 'Unlimited')]],
    details: [[t('Brzina slanja', 'Upload speed'), t('50 Mbit/s', '50 Mbit/s')], [ROUTER, t('Wi-Fi 6 ruter', 'Wi-Fi 6 router')]] },
  { code: 'NET_1000', name: 'Orbita Net 1000', type: 'NET_PACKAGE', monthly: 3199, terms: [12, 24], recommended: 24,
    description: t('Gigabitni optički internet za zahtevne korisnike i rad od kuće.', 'Gigabit fibre internet for demanding users and working from home.'),
    basic: [[NET, t('1 Gbit/s', '1 Gbit/s'), true], [t('Protok', 'Data'), t('Neograničen', 'Unlimited')]],
    details: [[t('Brzina slanja', 'Upload speed'), t('100 Mbit/s', '100 Mbit/s')], [ROUTER, t('Wi-Fi 6 ruter + Mesh pojačivač', 'Wi-Fi 6 router + mesh extender')], [t('Statička IP adresa', 'Static IP address'), t('Uključena', 'Included'), true]] },
  { code: 'NET_WIRELESS', name: 'Orbita Kućni bežični net', type: 'NET_PACKAGE', monthly: 1799, terms: [12, 24], recommended: 24,
    description: t('Kućni internet preko 4G/5G mreže, bez kabla i instalacije — za adrese bez optike.', 'Home internet over the 4G/5G network, no cable and no installation — for addresses without fibre.'),
    basic: [[NET, t('do 100 Mbit/s', 'up to 100 Mbit/s'), true], [t('Protok', 'Data'), t('Neograničen', 'Unlimited')]],
    details: [[t('Uređaj', 'Device'), t('4G/5G ruter uključen', '4G/5G router included')], [t('Instalacija', 'Installation'), t('Nije potrebna', 'Not needed')]] },
  // TV
  { code: 'TV_START', name: 'Iris TV Start', type: 'TV_PACKAGE', lineup: 'START', monthly: 1290, terms: [12, 24], recommended: 24,
    description: t('IPTV sa 26 kanala, vraćanjem programa 7 dana i Iris TV GO aplikacijom.', 'IPTV with 26 channels, 7-day replay and the Iris TV GO app.'),
    basic: [[TV, t('26 kanala', '26 channels'), true], [t('HD kanali', 'HD channels'), t('13', '13')]],
    details: [[t('Vraćanje programa', 'Replay'), t('7 dana', '7 days')], [t('Set-top boks', 'Set-top box'), t('Uključen', 'Included')]] },
  { code: 'TV_PLUS', name: 'Iris TV Plus', type: 'TV_PACKAGE', lineup: 'PLUS', monthly: 1790, terms: [12, 24], recommended: 24,
    description: t('IPTV sa 41 kanalom, Arena Sport, snimanje i vraćanje programa.', 'IPTV with 41 channels, Arena Sport, recording and replay.'),
    basic: [[TV, t('41 kanal', '41 channels'), true], [t('HD kanali', 'HD channels'), t('21', '21')]],
    details: [[t('Arena Sport', 'Arena Sport'), t('Uključen', 'Included'), true], [t('Snimanje', 'Recording'), t('50 sati', '50 hours')], [t('Vraćanje programa', 'Replay'), t('7 dana', '7 days')]] },
  { code: 'MSAT_S', name: 'Orbita Satelitska TV', type: 'MSAT_PACKAGE', lineup: 'MSAT', monthly: 1190, terms: [12, 24], recommended: 24,
    description: t('Satelitska televizija sa 21 kanalom — gde god da živiš, bez kabla.', 'Satellite TV with 21 channels — wherever you live, no cable needed.'),
    basic: [[TV, t('21 kanal', '21 channels'), true], [t('Prijem', 'Reception'), t('Satelit', 'Satellite')]],
    details: [[t('Oprema', 'Equipment'), t('Antena i prijemnik uključeni', 'Dish and receiver included')], [t('Montaža', 'Installation'), t('Besplatna', 'Free'), true]] },
  { code: 'ANTENA_PLUS_BASIC', name: 'Antena Plus', type: 'ANTENA_PLUS', lineup: 'ANTENA', monthly: 690, terms: [12, 24], recommended: 12,
    description: t('Zemaljska digitalna televizija sa 11 kanala preko sobne ili krovne antene.', 'Digital terrestrial TV with 11 channels through an indoor or roof antenna.'),
    basic: [[TV, t('11 kanala', '11 channels'), true], [t('Prijem', 'Reception'), t('Antena', 'Antenna')]],
    details: [[t('Prijemnik', 'Receiver'), t('DVB-T2 prijemnik uključen', 'DVB-T2 receiver included')]] },
  // Landline, add-ons, devices, streaming (bought with a package; the checkout's add-on steps offer them)
  { code: 'ADDITIONAL_LANDLINE_BASIC', name: 'Dodatna fiksna linija', type: 'ADDITIONAL_LANDLINE', monthly: 399, terms: [12, 24], recommended: 24,
    description: t('Još jedan fiksni broj na istoj adresi, 100 minuta ka fiksnoj mreži.', 'One more landline number at the same address, 100 minutes to the fixed network.'),
    basic: [[PHONE, t('100 min', '100 min'), true]], details: [] },
  { code: 'TV_ADDON_ARENA', name: 'Arena Sport paket', type: 'TV_ADDON', monthly: 999, terms: [12],
    description: t('Arena Sport 1–10 u HD kvalitetu: fudbal, košarka, tenis.', 'Arena Sport 1–10 in HD: football, basketball, tennis.'),
    basic: [[TV, t('10 kanala', '10 channels'), true]], details: [] },
  { code: 'TV_ADDON_FILM', name: 'Filmski paket', type: 'TV_ADDON', monthly: 590, terms: [12],
    description: t('Cinemania, HBO i Cinemax kanali i videoteka.', 'Cinemania, HBO and Cinemax channels and a video library.'),
    basic: [[TV, t('6 kanala', '6 channels'), true]], details: [] },
  { code: 'TV_ADDON_KIDS', name: 'Dečiji paket', type: 'TV_ADDON', monthly: 290, terms: [12],
    description: t('Crtani filmovi i obrazovni program za decu.', 'Cartoons and educational programmes for children.'),
    basic: [[TV, t('5 kanala', '5 channels'), true]], details: [] },
  { code: 'MTS_TV_GO_EXTRA', name: 'Iris TV GO – dodatni uređaji', type: 'MTS_TV_GO_ADDON', monthly: 290, terms: [12],
    description: t('Gledaj Iris TV na još tri telefona, tableta ili računara.', 'Watch Iris TV on three more phones, tablets or computers.'),
    basic: [[t('Uređaji', 'Devices'), t('+3', '+3'), true]], details: [] },
  { code: 'HOME_NET_STATIC_IP', name: 'Statička IP adresa', type: 'HOME_NET_ADDON', monthly: 490, terms: [12],
    description: t('Stalna javna IP adresa za kućni server ili kamere.', 'A fixed public IP address for a home server or cameras.'),
    basic: [[t('IP adresa', 'IP address'), t('1 statička', '1 static'), true]], details: [] },
  { code: 'HOME_NET_MESH', name: 'Wi-Fi Mesh pojačivač', type: 'HOME_NET_ADDON', monthly: 290, terms: [12],
    description: t('Pojačivač signala za jači Wi-Fi u celom stanu.', 'An extender for strong Wi-Fi in every room.'),
    basic: [[t('Pokrivenost', 'Coverage'), t('do 120 m²', 'up to 120 m²'), true]], details: [] },
  { code: 'STB_IRIS_4K', name: 'Iris 4K Android TV boks', type: 'STB_DEVICE', monthly: null, oneOff: 4990, terms: [],
    description: t('Set-top boks sa 4K rezolucijom, Android TV i glasovnom pretragom.', 'A 4K set-top box with Android TV and voice search.'),
    basic: [[t('Rezolucija', 'Resolution'), t('4K UHD', '4K UHD'), true]], details: [] },
  { code: 'STREAM_DEEZER', name: 'Deezer Premium', type: 'ADDITIONAL_SERVICE', monthly: 399, terms: [12],
    description: t('Muzika bez reklama, preko 90 miliona pesama.', 'Ad-free music, over 90 million songs.'),
    basic: [[t('Pesme', 'Songs'), t('90+ miliona', '90+ million'), true]], details: [] },
  { code: 'STREAM_APOLLON', name: 'Apollon', type: 'ADDITIONAL_SERVICE', monthly: 299, terms: [12],
    description: t('Domaće serije i filmovi na zahtev.', 'Local series and films on demand.'),
    basic: [[t('Sadržaj', 'Content'), t('Serije i filmovi', 'Series and films'), true]], details: [] },
  { code: 'STREAM_ARENA_CLOUD', name: 'Arena Cloud', type: 'ADDITIONAL_SERVICE', monthly: 199, terms: [12],
    description: t('Arena Sport uživo i snimci na telefonu i računaru.', 'Arena Sport live and on demand on phone and computer.'),
    basic: [[t('Kanali', 'Channels'), t('Arena Sport 1–10', 'Arena Sport 1–10'), true]], details: [] },
];

/** Package types put in the cart from the package page (add-ons, devices and streaming come with a package). */
export const PACKAGE_TYPES = ['BOX_PACKAGE', 'NET_PACKAGE', 'TV_PACKAGE', 'MSAT_PACKAGE', 'ANTENA_PLUS'];

/** Packages that need no fibre at the address (wireless internet, satellite TV, Antena Plus); every other package does. */
export const NO_FIBRE_PACKAGES = ['NET_WIRELESS', 'MSAT_S', 'ANTENA_PLUS_BASIC'];

export interface SeedHomeCategory {
  code: string; slug: string; name: LocalText; description?: LocalText; checkoutType: 'HOME_FIXED' | 'HOME_MOBILE'; default?: boolean;
  services?: string[]; subcategories?: Array<Omit<SeedHomeCategory, 'subcategories'>>;
}

export const homeCategoryTree: SeedHomeCategory[] = [
  { code: 'HOME_BOX', slug: 'box-paketi', name: t('Box paketi', 'Box packages'), checkoutType: 'HOME_FIXED', default: true,
    description: t('Internet, televizija i fiksni telefon u jednom paketu, jedan račun.', 'Internet, TV and landline in one package, one bill.'),
    subcategories: [
      { code: 'HOME_BOX_3IN1', slug: 'net-tv-fiksni', name: t('Net + TV + Fiksni', 'Net + TV + Landline'), checkoutType: 'HOME_FIXED', default: true, services: ['BOX_START', 'BOX_PLUS', 'BOX_MAX'] },
      { code: 'HOME_BOX_2IN1', slug: 'net-tv', name: t('Net + TV', 'Net + TV'), checkoutType: 'HOME_FIXED', services: ['BOX_NET_TV_S', 'BOX_NET_TV_L'] },
    ] },
  { code: 'HOME_NET', slug: 'internet', name: t('Internet', 'Internet'), checkoutType: 'HOME_FIXED',
    description: t('Brzi kućni internet preko optike ili bežično.', 'Fast home internet over fibre or wireless.'),
    subcategories: [
      { code: 'HOME_NET_GPON', slug: 'opticki', name: t('Optički internet', 'Fibre internet'), checkoutType: 'HOME_FIXED', default: true, services: ['NET_150', 'NET_500', 'NET_1000'] },
      { code: 'HOME_NET_WIRELESS', slug: 'bezicni', name: t('Bežični internet', 'Wireless internet'), checkoutType: 'HOME_MOBILE', services: ['NET_WIRELESS'] },
    ] },
  { code: 'HOME_TV', slug: 'televizija', name: t('Televizija', 'Television'), checkoutType: 'HOME_FIXED',
    description: t('Iris TV, satelitska televizija ili Antena Plus.', 'Iris TV, satellite TV or Antena Plus.'),
    subcategories: [
      { code: 'HOME_TV_IPTV', slug: 'iris-tv', name: t('Iris TV', 'Iris TV'), checkoutType: 'HOME_FIXED', default: true, services: ['TV_START', 'TV_PLUS'] },
      { code: 'HOME_TV_MSAT', slug: 'satelitska', name: t('Satelitska TV', 'Satellite TV'), checkoutType: 'HOME_FIXED', services: ['MSAT_S'] },
      { code: 'HOME_TV_ANTENA', slug: 'antena-plus', name: t('Antena Plus', 'Antena Plus'), checkoutType: 'HOME_FIXED', services: ['ANTENA_PLUS_BASIC'] },
    ] },
  { code: 'HOME_EXTRAS', slug: 'dodaci', name: t('Dodaci', 'Add-ons'), checkoutType: 'HOME_FIXED',
    description: t('Dodaci, uređaji i striming servisi — biraju se uz paket.', 'Add-ons, devices and streaming services — chosen with a package.'),
    subcategories: [
      { code: 'HOME_EXTRAS_TV', slug: 'tv-dodaci', name: t('TV dodaci', 'TV add-ons'), checkoutType: 'HOME_FIXED', default: true, services: ['TV_ADDON_ARENA', 'TV_ADDON_FILM', 'TV_ADDON_KIDS', 'MTS_TV_GO_EXTRA'] },
      { code: 'HOME_EXTRAS_NET', slug: 'internet-dodaci', name: t('Internet i telefon', 'Internet and phone'), checkoutType: 'HOME_FIXED', services: ['HOME_NET_STATIC_IP', 'HOME_NET_MESH', 'ADDITIONAL_LANDLINE_BASIC'] },
      { code: 'HOME_EXTRAS_DEVICES', slug: 'uredjaji', name: t('Uređaji', 'Devices'), checkoutType: 'HOME_FIXED', services: ['STB_IRIS_4K'] },
      { code: 'HOME_EXTRAS_STREAMING', slug: 'striming', name: t('Striming', 'Streaming'), checkoutType: 'HOME_FIXED', services: ['STREAM_DEEZER', 'STREAM_APOLLON', 'STREAM_ARENA_CLOUD'] },
    ] },
];

/** TV channels: [name, genre, hd, line-ups]. START ⊂ PLUS ⊂ MAX; MSAT and ANTENA have their own. */
type Lineup = 'START' | 'PLUS' | 'MAX' | 'MSAT' | 'ANTENA';
const ALL: Lineup[] = ['START', 'PLUS', 'MAX', 'MSAT', 'ANTENA'];
const IP: Lineup[] = ['START', 'PLUS', 'MAX', 'MSAT'];
const PLUS: Lineup[] = ['PLUS', 'MAX'];
const MAX: Lineup[] = ['MAX'];
export const channels: Array<[string, string, boolean, Lineup[]]> = [
  ['RTS 1', 'general', true, ALL], ['RTS 2', 'general', true, ALL], ['RTS 3', 'culture', true, IP], ['RTS Svet', 'general', false, IP],
  ['Pink', 'entertainment', true, ALL], ['Prva', 'entertainment', true, ALL], ['B92', 'entertainment', true, ALL], ['Happy', 'entertainment', false, ALL],
  ['Nova S', 'news', true, ['START', 'PLUS', 'MAX']], ['N1', 'news', true, ['START', 'PLUS', 'MAX']], ['Euronews Srbija', 'news', true, IP], ['RTV 1', 'general', true, ALL],
  ['RTV 2', 'general', false, ['START', 'PLUS', 'MAX', 'ANTENA']], ['Studio B', 'general', false, ['START', 'PLUS', 'MAX', 'ANTENA']], ['Kurir TV', 'news', false, IP], ['CNN International', 'news', false, IP],
  ['BBC News', 'news', false, PLUS], ['Arena Sport 1', 'sport', true, PLUS], ['Arena Sport 2', 'sport', true, PLUS], ['Arena Sport 3', 'sport', true, PLUS],
  ['Sport Klub 1', 'sport', true, PLUS], ['Eurosport 1', 'sport', true, ['START', 'PLUS', 'MAX', 'MSAT']], ['Eurosport 2', 'sport', false, PLUS], ['Cinemania', 'film', true, PLUS],
  ['HBO', 'film', true, MAX], ['Cinemax', 'film', true, MAX], ['Pink Film', 'film', false, IP], ['Pink Action', 'film', false, PLUS],
  ['Discovery Channel', 'documentary', true, IP], ['National Geographic', 'documentary', true, IP], ['Viasat History', 'documentary', true, PLUS], ['Viasat Nature', 'documentary', true, PLUS],
  ['Animal Planet', 'documentary', false, IP], ['Da Vinci', 'kids', false, PLUS], ['Cartoon Network', 'kids', false, IP], ['Nickelodeon', 'kids', false, PLUS],
  ['Pink Super Kids', 'kids', false, ['START', 'PLUS', 'MAX', 'ANTENA']], ['Minimax', 'kids', false, IP], ['MTV', 'music', false, PLUS], ['DM Sat', 'music', false, ALL],
  ['Grand', 'music', false, IP], ['TLC', 'lifestyle', false, PLUS], ['Food Network', 'lifestyle', true, PLUS], ['HGTV', 'lifestyle', false, MAX],
];

/** Address system with GPON coverage: municipality → locality → street → numbers [number, gpon, maxSpeed, entrances, flats]. */
export const addressSystem: Array<{ code: string; name: string; postalCode: string; localities: Array<{ code: string; name: string; streets: Array<{ code: string; name: string; numbers: Array<[string, boolean, number, string[], number]> }> }> }> = [
  { code: '70092', name: 'Beograd-Vračar', postalCode: '11000', localities: [{ code: '70092-1', name: 'Beograd', streets: [
    { code: 'S-1001', name: 'Bulevar kralja Aleksandra', numbers: [['73', true, 1000, ['1', '2'], 40], ['75', true, 1000, [], 24], ['77', false, 50, [], 12]] },
    { code: 'S-1002', name: 'Njegoševa', numbers: [['12', true, 1000, [], 16], ['14', false, 30, [], 8]] },
    { code: 'S-1003', name: 'Krunska', numbers: [['40', true, 500, ['A', 'B'], 30]] },
  ] }] },
  { code: '70106', name: 'Novi Beograd', postalCode: '11070', localities: [{ code: '70106-1', name: 'Novi Beograd', streets: [
    { code: 'S-2001', name: 'Bulevar Mihajla Pupina', numbers: [['10', true, 1000, ['1', '2', '3'], 120], ['165', true, 1000, [], 60]] },
    { code: 'S-2002', name: 'Jurija Gagarina', numbers: [['22', true, 500, ['A', 'B', 'C'], 90], ['251', false, 50, [], 10]] },
  ] }] },
  { code: '70254', name: 'Čukarica', postalCode: '11030', localities: [{ code: '70254-2', name: 'Ostružnica', streets: [
    { code: 'S-3001', name: 'Karađorđeva', numbers: [['5', false, 20, [], 0], ['18', false, 20, [], 0]] },
  ] }] },
  { code: '80217', name: 'Novi Sad', postalCode: '21000', localities: [
    { code: '80217-1', name: 'Novi Sad', streets: [
      { code: 'S-4001', name: 'Bulevar oslobođenja', numbers: [['46', true, 1000, ['1', '2'], 56], ['100', true, 500, [], 32]] },
      { code: 'S-4002', name: 'Zmaj Jovina', numbers: [['8', false, 50, [], 6]] },
    ] },
    { code: '80217-2', name: 'Sremska Kamenica', streets: [
      { code: 'S-4101', name: 'Vojvode Putnika', numbers: [['3', false, 20, [], 0]] },
    ] },
  ] },
  { code: '71412', name: 'Niš-Medijana', postalCode: '18000', localities: [{ code: '71412-1', name: 'Niš', streets: [
    { code: 'S-5001', name: 'Obrenovićeva', numbers: [['30', true, 500, [], 20], ['52', false, 50, [], 10]] },
    { code: 'S-5002', name: 'Vizantijski bulevar', numbers: [['94', true, 1000, ['1', '2'], 70]] },
  ] }] },
  { code: '72125', name: 'Kragujevac', postalCode: '34000', localities: [{ code: '72125-1', name: 'Kragujevac', streets: [
    { code: 'S-6001', name: 'Kralja Petra I', numbers: [['11', true, 500, [], 14], ['27', false, 30, [], 4]] },
  ] }] },
];

/** Address code (tisAddressCode) of a street number. */
export const addressCodeOf = (streetCode: string, number: string) => `TIS-${streetCode.slice(2)}-${number}`;
