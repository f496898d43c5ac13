// More of the address system (seed 001 §7 address lookups): real Serbian municipalities, their localities and
// streets, added to the rows of seed-data.ts (addressSystem) — the same tables, only more rows. Street numbers are
// generated per street (a few buildings each) with their address code (tisAddressCode, addressCodeOf).

/** Street names found in most Serbian towns (each town below gets its own streets from these and its own list). */
const COMMON = [
  'Karađorđeva', 'Kneza Miloša', 'Njegoševa', 'Vuka Karadžića', 'Cara Dušana', 'Kralja Petra I', 'Nikole Tesle', 'Svetog Save',
  'Kneginje Ljubice', 'Gavrila Principa', 'Vojvode Mišića', 'Vojvode Stepe', 'Hajduk Veljkova', 'Dositejeva', 'Branka Radičevića',
  'Jovana Cvijića', 'Zmaj Jovina', 'Ive Andrića', 'Miloša Obilića', 'Đure Jakšića', 'Desanke Maksimović', 'Svetozara Markovića',
  'Stevana Sremca', 'Omladinska', 'Železnička', 'Školska', 'Mihajla Pupina', 'Radoja Domanovića', 'Laze Lazarevića',
  'Dimitrija Tucovića', 'Kosovska', 'Beogradska', 'Nemanjina', 'Majke Jugovića', 'Jug Bogdanova', 'Kralja Aleksandra',
  'Vojvode Putnika', 'Bate Brkića', 'Sinđelićeva', 'Milana Rakića',
];

interface Town { code: string; name: string; postalCode: string; locality: string; own: string[]; common: number }

/** New municipalities: code, name, postal code, the main locality, its own well-known streets, how many common ones. */
const TOWNS: Town[] = [
  { code: '70017', name: 'Beograd-Stari grad', postalCode: '11000', locality: 'Beograd', common: 12, own: ['Knez Mihailova', 'Kralja Petra', 'Dubrovačka', 'Gospodar Jevremova', 'Cara Lazara', 'Uzun Mirkova', 'Studentski trg', 'Obilićev venac', 'Dobračina', 'Strahinjića bana', 'Gundulićev venac', 'Skadarska', 'Zetska', 'Francuska', 'Simina', 'Višnjićeva'] },
  { code: '70114', name: 'Beograd-Zvezdara', postalCode: '11050', locality: 'Beograd', common: 12, own: ['Bulevar kralja Aleksandra', 'Dimitrija Tucovića', 'Vojislava Ilića', 'Mite Ružića', 'Batutova', 'Zaplanjska', 'Mirijevski bulevar', 'Živka Davidovića', 'Ustanička', 'Velikomoravska', 'Čingrijina', 'Matice srpske'] },
  { code: '70190', name: 'Beograd-Palilula', postalCode: '11000', locality: 'Beograd', common: 12, own: ['Takovska', '27. marta', 'Cvijićeva', 'Dalmatinska', 'Bulevar despota Stefana', 'Starine Novaka', 'Ruzveltova', 'Džordža Vašingtona', 'Hilandarska', 'Kraljice Marije', 'Borča Greda', 'Zrenjaninski put'] },
  { code: '80438', name: 'Subotica', postalCode: '24000', locality: 'Subotica', common: 16, own: ['Korzo', 'Matije Korvina', 'Trg slobode', 'Put Jovana Mikića', 'Segedinski put', 'Harambašićeva', 'Ferenca Sepa', 'Đure Đakovića', 'Maksima Gorkog', 'Prvomajska', 'Somborski put', 'Štrosmajerova'] },
  { code: '80489', name: 'Zrenjanin', postalCode: '23000', locality: 'Zrenjanin', common: 16, own: ['Kralja Aleksandra I Karađorđevića', 'Trg slobode', 'Cara Dušana', 'Bulevar Veljka Vlahovića', 'Žarka Zrenjanina', 'Gimnazijska', 'Narodne omladine', 'Novosadska', 'Sarajlijina', 'Pupinova', 'Ulica Nikole Pašića'] },
  { code: '80101', name: 'Pančevo', postalCode: '26000', locality: 'Pančevo', common: 16, own: ['Vojvode Radomira Putnika', 'Trg kralja Petra I', 'Žarka Zrenjanina', 'Karađorđeva', 'Ulica Miloša Obrenovića', 'Bulevar oslobođenja', 'Lenjinova', 'Ivana Milutinovića', 'Dimitrija Tucovića', 'Moše Pijade', 'Oslobođenja'] },
  { code: '71021', name: 'Čačak', postalCode: '32000', locality: 'Čačak', common: 16, own: ['Gradsko šetalište', 'Cara Dušana', 'Župana Stracimira', 'Braće Glišića', 'Kneza Miloša', 'Ljubićska', 'Milana Kujundžića', 'Bulevar oslobođenja', 'Pivarska', 'Ratka Mitrovića'] },
  { code: '71145', name: 'Kraljevo', postalCode: '36000', locality: 'Kraljevo', common: 16, own: ['Omladinska', 'Oktobarskih žrtava', 'Hajduk Veljkova', 'Dositejeva', 'Ibarska', 'Cara Lazara', 'Jovana Sarića', 'Žička', 'Karađorđeva', 'Trg srpskih ratnika'] },
  { code: '71307', name: 'Šabac', postalCode: '15000', locality: 'Šabac', common: 16, own: ['Gospodar Jevremova', 'Karađorđeva', 'Masarikova', 'Pop Lukina', 'Janka Veselinovića', 'Vojvode Mišića', 'Kralja Milana', 'Hajduk Veljkova', 'Mačvanska', 'Cerska'] },
  { code: '71293', name: 'Valjevo', postalCode: '14000', locality: 'Valjevo', common: 16, own: ['Kneza Miloša', 'Karađorđeva', 'Vojvode Mišića', 'Birčaninova', 'Sinđelićeva', 'Vuka Karadžića', 'Pantićeva', 'Dr Pantića', 'Tešnjarska', 'Radničke'] },
  { code: '71170', name: 'Leskovac', postalCode: '16000', locality: 'Leskovac', common: 16, own: ['Bulevar oslobođenja', 'Južnomoravska', 'Nikole Skobaljića', 'Stojana Ljubića', 'Masarikova', 'Dubočica', 'Vlade Jovanovića', 'Svetozara Markovića', 'Rade Končara', 'Bratstva i jedinstva'] },
  { code: '71331', name: 'Smederevo', postalCode: '11300', locality: 'Smederevo', common: 14, own: ['Karađorđeva', 'Kralja Petra I', 'Despota Đurđa', 'Đure Daničića', 'Goranska', 'Knez Mihailova', 'Žička', 'Rade Končara', 'Sremska', 'Beogradski put'] },
];

/** Existing municipalities (seed-data.ts) get more streets in their main locality. */
const MORE: Array<{ localityCode: string; prefix: string; names: string[] }> = [
  { localityCode: '70092-1', prefix: 'VR', names: ['Makenzijeva', 'Beogradska', 'Katanićeva', 'Čubrina', 'Kursulina', 'Golsvortijeva', 'Maksima Gorkog', 'Južni bulevar', 'Kralja Milutina', 'Svetosavska', 'Šumatovačka', 'Resavska', 'Smiljanićeva', 'Hadži Milentijeva', 'Molerova', 'Baba Višnjina', 'Kičevska', 'Internacionalnih brigada', 'Mileševska', 'Cara Nikolaja II'] },
  { localityCode: '70106-1', prefix: 'NB', names: ['Bulevar Zorana Đinđića', 'Omladinskih brigada', 'Bulevar umetnosti', 'Nehruova', 'Vladimira Popovića', 'Antifašističke borbe', 'Gandijeva', 'Tošin bunar', 'Otona Župančiča', 'Narodnih heroja', 'Goce Delčeva', 'Španskih boraca', 'Pariske komune', 'Dr Ivana Ribara', 'Milentija Popovića', 'Bulevar Arsenija Čarnojevića', 'Đorđa Stanojevića', 'Partizanske avijacije', 'Zemunska'] },
  { localityCode: '80217-1', prefix: 'NS', names: ['Dunavska', 'Jevrejska', 'Futoška', 'Maksima Gorkog', 'Narodnog fronta', 'Bulevar cara Lazara', 'Bulevar Mihajla Pupina', 'Temerinska', 'Kisačka', 'Rumenački put', 'Šafarikova', 'Pašićeva', 'Modene', 'Njegoševa', 'Laze Telečkog', 'Stražilovska', 'Fruškogorska', 'Hajduk Veljkova', 'Braće Ribnikar', 'Bulevar Evrope'] },
  { localityCode: '71412-1', prefix: 'NI', names: ['Vožda Karađorđa', 'Generala Milojka Lešjanina', 'Nikole Pašića', 'Cara Dušana', 'Bulevar Nemanjića', 'Bulevar dr Zorana Đinđića', 'Knjaževačka', 'Stefana Prvovenčanog', 'Episkopska', 'Prijezdina', 'Sinđelićev trg', 'Pariska', 'Šumadijska', 'Dušanova', 'Jadranska', 'Vojvode Tankosića', 'Sremska', 'Kopitareva', 'Učitelj Tasina', 'Orlovića Pavla'] },
  { localityCode: '72125-1', prefix: 'KG', names: ['Kneza Mihaila', 'Kralja Aleksandra I Karađorđevića', 'Lole Ribara', 'Radoja Domanovića', 'Save Kovačevića', 'Kneza Miloša', 'Dr Zorana Đinđića', 'Vojvode Putnika', 'Jovana Cvijića', 'Stanoja Glavaša', 'Kneginje Ljubice', 'Tanaska Rajića', 'Janka Veselinovića', 'Miloja Pavlovića', 'Kosovska', 'Ulica 27. marta', 'Daničićeva', 'Branka Radičevića', 'Nikole Pašića', 'Svetozara Markovića'] },
];

type NumberRow = [string, boolean, number, string[], number];

/** A few buildings of a street, deterministic by its index: [number, gpon, maxSpeed, entrances, flats]. */
function numbersOf(i: number): NumberRow[] {
  const count = 3 + (i % 4);
  return Array.from({ length: count }, (_, k) => {
    const n = 1 + k * (2 + (i % 3)) + (i % 5);
    const gpon = (i + k) % 3 !== 0;
    const entrances = (i + k) % 7 === 0 ? ['A', 'B'] : [];
    const flats = (i + k) % 4 === 0 ? 0 : 4 + ((i * 3 + k * 5) % 40);
    return [String(n), gpon, gpon ? ((i + k) % 2 === 0 ? 1000 : 500) : 50, entrances, flats] as NumberRow;
  });
}

export interface ExtraStreet { code: string; localityCode: string; name: string; numbers: NumberRow[] }
export interface ExtraMunicipality { code: string; name: string; postalCode: string; localities: Array<{ code: string; name: string }> }

export const extraMunicipalities: ExtraMunicipality[] = TOWNS.map((t) => ({
  code: t.code, name: t.name, postalCode: t.postalCode, localities: [{ code: `${t.code}-1`, name: t.locality }],
}));

export const extraStreets: ExtraStreet[] = (() => {
  const out: ExtraStreet[] = [];
  let i = 0;
  for (const t of TOWNS) {
    const names = [...new Set([...t.own, ...COMMON.slice((i % 7) * 3, (i % 7) * 3 + t.common)])];
    names.forEach((name, k) => out.push({ code: `S-${t.code}-${String(k + 1).padStart(3, '0')}`, localityCode: `${t.code}-1`, name, numbers: numbersOf(i + k) }));
    i++;
  }
  for (const m of MORE) {
    m.names.forEach((name, k) => out.push({ code: `S-${m.prefix}-${String(k + 1).padStart(3, '0')}`, localityCode: m.localityCode, name, numbers: numbersOf(i + k) }));
    i++;
  }
  return out;
})();
