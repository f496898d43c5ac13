// The TV guide's schedule: a realistic day per channel, generated from the channel's genre (deterministic per
// channel and date, so every instance writes the same rows), in Belgrade local time.
type LocalText = { sr: string; en: string };
const t = (sr: string, en: string): LocalText => ({ sr, en });

export const EPG_TIME_ZONE = 'Europe/Belgrade';

/** Belgrade's wall clock (made once: a formatter costs far more to make than to use; a week's guide asks ~10 000 times). */
const BELGRADE_CLOCK = new Intl.DateTimeFormat('en-GB', { timeZone: EPG_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });

/** Minutes east of UTC of Belgrade at `utcMs`. */
function offsetMinutes(utcMs: number): number {
  const parts = BELGRADE_CLOCK.formatToParts(new Date(utcMs));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'));
  return Math.round((wall - Math.floor(utcMs / 60000) * 60000) / 60000);
}

/** The UTC instant of Belgrade's local `date` (yyyy-mm-dd) at `minute` minutes after midnight. */
export function belgradeInstant(date: string, minute = 0): Date {
  const [y, m, d] = date.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d) + minute * 60000;
  const first = guess - offsetMinutes(guess) * 60000;
  return new Date(guess - offsetMinutes(first) * 60000);
}

/** Belgrade's local date (yyyy-mm-dd) of an instant. */
export function belgradeDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: EPG_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Monday..Sunday (yyyy-mm-dd) of the Belgrade week holding `at`. */
export function weekOf(at: Date): string[] {
  const today = belgradeDate(at);
  const [y, m, d] = today.split('-').map(Number);
  const base = new Date(Date.UTC(y, m - 1, d));
  const monday = new Date(base.getTime() - ((base.getUTCDay() + 6) % 7) * 86400000);
  return Array.from({ length: 7 }, (_, i) => new Date(monday.getTime() + i * 86400000).toISOString().slice(0, 10));
}

interface Show { title: string; minutes: number; genre: LocalText; description: LocalText }
const G = {
  news: t('Informativni', 'News'), film: t('Film', 'Film'), series: t('Serija', 'Series'), sport: t('Sport', 'Sport'),
  doc: t('Dokumentarni', 'Documentary'), kids: t('Dečiji', 'Kids'), music: t('Muzički', 'Music'), show: t('Zabavni', 'Entertainment'),
  life: t('Životni stil', 'Lifestyle'), culture: t('Kultura', 'Culture'),
};
const show = (title: string, minutes: number, genre: LocalText, sr: string, en: string): Show => ({ title, minutes, genre, description: t(sr, en) });

const POOLS: Record<string, Show[]> = {
  general: [
    show('Jutarnji program', 180, G.show, 'Vesti, vremenska prognoza, gosti u studiju i saobraćaj.', 'News, weather, studio guests and traffic.'),
    show('Dnevnik', 30, G.news, 'Centralna informativna emisija.', 'The main news bulletin.'),
    show('Ovo je Srbija', 60, G.doc, 'Reportaže iz svih krajeva Srbije.', 'Reports from all over Serbia.'),
    show('Vreme je za igru', 60, G.show, 'Kviz sa porodičnim timovima.', 'A quiz show for family teams.'),
    show('Selo gori, a baba se češlja', 60, G.series, 'Domaća humoristička serija.', 'A Serbian comedy series.'),
    show('Sportski pregled', 30, G.sport, 'Rezultati i snimci dana.', 'Results and highlights of the day.'),
    show('Film: Ko to tamo peva', 90, G.film, 'Kultni domaći film Slobodana Šijana.', 'Slobodan Šijan\'s cult Yugoslav film.'),
    show('Koncert Simfonijskog orkestra', 120, G.culture, 'Snimak koncerta iz Kolarčeve zadužbine.', 'A concert recorded at the Kolarac hall.'),
  ],
  entertainment: [
    show('Jutro', 150, G.show, 'Jutarnji program sa vestima i zabavom.', 'A morning show with news and entertainment.'),
    show('Vesti', 30, G.news, 'Najvažnije vesti dana.', 'The day\'s main news.'),
    show('Zvezde Granda', 120, G.music, 'Muzičko takmičenje.', 'A singing contest.'),
    show('Ljubav na selu', 60, G.show, 'Rijaliti o ljubavi i seoskom životu.', 'A reality show about love and village life.'),
    show('Kuhinjica', 30, G.life, 'Brzi recepti domaće kuhinje.', 'Quick recipes of home cooking.'),
    show('Igra sudbine', 60, G.series, 'Dramska serija.', 'A drama series.'),
    show('Film: Munje!', 90, G.film, 'Domaća komedija o jednoj beogradskoj noći.', 'A Serbian comedy about one Belgrade night.'),
    show('Noćni program', 120, G.show, 'Muzika i razgovori do kasno u noć.', 'Music and talk until late.'),
  ],
  news: [
    show('Vesti', 30, G.news, 'Pregled najvažnijih događaja.', 'An overview of the main events.'),
    show('Jutarnji brifing', 90, G.news, 'Vesti, analize i gosti.', 'News, analysis and guests.'),
    show('Pressing', 60, G.news, 'Politički razgovor.', 'A political talk show.'),
    show('Biznis dnevnik', 30, G.news, 'Ekonomija, berze i preduzetnici.', 'Economy, markets and entrepreneurs.'),
    show('Svet danas', 60, G.news, 'Međunarodne vesti i reportaže.', 'International news and reports.'),
    show('Vremenska prognoza', 30, G.news, 'Prognoza za Srbiju i region.', 'Forecast for Serbia and the region.'),
  ],
  sport: [
    show('Fudbal: Superliga Srbije', 120, G.sport, 'Prenos utakmice uživo.', 'A live match.'),
    show('ABA liga: Partizan – Crvena zvezda', 120, G.sport, 'Košarkaški derbi uživo.', 'The basketball derby live.'),
    show('Tenis: ATP 500', 150, G.sport, 'Prenos teniskog turnira.', 'A tennis tournament live.'),
    show('Sportski magazin', 30, G.sport, 'Rezultati, snimci i najave.', 'Results, highlights and previews.'),
    show('Evroliga: pregled kola', 60, G.sport, 'Najbolji potezi kola.', 'The round\'s best plays.'),
    show('Premijer liga: najava', 30, G.sport, 'Najava vikend utakmica.', 'Weekend match preview.'),
  ],
  film: [
    show('Film: Podzemlje', 150, G.film, 'Drama Emira Kusturice.', 'Emir Kusturica\'s drama.'),
    show('Film: Dobro jutro, Vijetname', 120, G.film, 'Komedija-drama sa Robinom Vilijamsom.', 'A comedy-drama with Robin Williams.'),
    show('Film: Mumija', 120, G.film, 'Avanturistički film.', 'An adventure film.'),
    show('Serija: Kancelarija', 30, G.series, 'Humoristička serija.', 'A comedy series.'),
    show('Film: Maratonci trče počasni krug', 90, G.film, 'Klasik domaće kinematografije.', 'A classic of Serbian cinema.'),
    show('Film: Kum', 180, G.film, 'Klasik Frensisa Forda Kopole.', 'Francis Ford Coppola\'s classic.'),
  ],
  documentary: [
    show('Divlja Srbija', 60, G.doc, 'Priroda Tare, Đerdapa i Stare planine.', 'The nature of Tara, Đerdap and Stara Planina.'),
    show('Kako se pravi', 30, G.doc, 'Iza kulisa fabrika i radionica.', 'Behind the scenes of factories and workshops.'),
    show('Drevne civilizacije', 60, G.doc, 'Tragom izgubljenih gradova.', 'On the trail of lost cities.'),
    show('Okeani', 60, G.doc, 'Život u dubinama mora.', 'Life in the deep sea.'),
    show('Inženjerski podvizi', 60, G.doc, 'Najveće građevine sveta.', 'The world\'s greatest structures.'),
    show('Istraživači', 90, G.doc, 'Ekspedicije na kraj sveta.', 'Expeditions to the ends of the earth.'),
  ],
  kids: [
    show('Crtani filmovi', 90, G.kids, 'Blok crtanih filmova.', 'A block of cartoons.'),
    show('Pčelica Maja', 30, G.kids, 'Avanture male pčele.', 'The adventures of a little bee.'),
    show('Nauka za decu', 30, G.kids, 'Zabavni eksperimenti.', 'Fun experiments.'),
    show('Tom i Džeri', 30, G.kids, 'Klasični crtani film.', 'The classic cartoon.'),
    show('Bajke iz celog sveta', 60, G.kids, 'Animirane bajke.', 'Animated fairy tales.'),
  ],
  music: [
    show('Top lista', 60, G.music, 'Najslušanije pesme nedelje.', 'The week\'s most played songs.'),
    show('Muzički spotovi', 120, G.music, 'Spotovi bez prekida.', 'Non-stop music videos.'),
    show('Koncert uživo', 90, G.music, 'Snimak koncerta.', 'A concert recording.'),
    show('Narodna muzika', 60, G.music, 'Izvorne i novokomponovane pesme.', 'Traditional and folk songs.'),
  ],
  lifestyle: [
    show('Kuvajmo zajedno', 60, G.life, 'Recepti iz celog sveta.', 'Recipes from all over the world.'),
    show('Renoviranje doma', 60, G.life, 'Uređenje stanova i kuća.', 'Home makeovers.'),
    show('Putovanja', 30, G.life, 'Vodič kroz gradove Evrope.', 'A guide to European cities.'),
    show('Poslastičar', 60, G.life, 'Takmičenje u pravljenju torti.', 'A baking competition.'),
  ],
  culture: [
    show('Kulturni dnevnik', 30, G.culture, 'Vesti iz kulture.', 'Culture news.'),
    show('Pozorište u kući', 120, G.culture, 'Snimak predstave.', 'A theatre recording.'),
    show('Portreti', 60, G.culture, 'Razgovori sa umetnicima.', 'Talks with artists.'),
    show('Muzej noću', 60, G.doc, 'Šetnja kroz muzeje Srbije.', 'A walk through Serbia\'s museums.'),
  ],
};

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 16777619); }
  return h >>> 0;
}

export interface EpgRow { channelCode: string; startsAt: Date; endsAt: Date; title: string; genre: LocalText; description: LocalText }

/** One Belgrade day (00:00–24:00) of a channel: programmes back to back, starting on the half hour. */
export function daySchedule(channelCode: string, genre: string, date: string): EpgRow[] {
  const pool = POOLS[genre] ?? POOLS.general;
  let seed = hash(`${channelCode}|${date}`);
  const rows: EpgRow[] = [];
  let minute = 0;
  while (minute < 24 * 60) {
    seed = Math.imul(seed ^ (seed >>> 15), 2246822507) >>> 0;
    const s = pool[seed % pool.length];
    const len = Math.min(s.minutes, 24 * 60 - minute);
    rows.push({ channelCode, startsAt: belgradeInstant(date, minute), endsAt: belgradeInstant(date, minute + len), title: s.title, genre: s.genre, description: s.description });
    minute += len;
  }
  return rows;
}
