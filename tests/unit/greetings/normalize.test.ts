import { describe, expect, it } from 'vitest';
import { normalizeForSpeech } from '../../../server/greetings/normalize';

/**
 * What a receptionist would say for real-world greeting phrasings: times and ranges, days, phone
 * numbers in their national groups (US 3-3-4, French pairs, toll-free, vanity), extensions, 24/7,
 * addresses and abbreviations, ordinals, years, prices, e-mail and web addresses.
 */
const english: ReadonlyArray<readonly [written: string, spoken: string]> = [
  ["Our office hours are 8:00 a.m. to 5:00 p.m.", "Our office hours are eight a.m. to five p.m."],
  ["We close at 5:30 pm today.", "We close at five thirty p.m. today."],
  ["Open 8am–6pm.", "Open eight a.m. to six p.m."],
  ["Open Mon–Fri, 9am-5pm.", "Open Monday to Friday, nine a.m. to five p.m."],
  ["Hours: Mon-Sat 7:30 AM - 4:30 PM.", "Hours: Monday to Saturday, seven thirty a.m. to four thirty p.m."],
  ["Call between 8-5pm or Sat 9am-12pm.", "Call between eight a.m. and five p.m. or Saturday nine a.m. to noon."],
  ["We're open M-F 8 a.m. to 6 p.m.", "We're open Monday to Friday, eight a.m. to six p.m."],
  ["Lunch from 12-1pm.", "Lunch from noon to one p.m."],
  ["Open until 9 PM on Thursdays.", "Open until nine p.m. on Thursdays."],
  ["We open at 7:05am.", "We open at seven oh five a.m."],
  ["Closes at 17:30.", "Closes at five thirty p.m."],
  ["Service hours 08:00-20:00.", "Service hours eight a.m. to eight p.m."],
  ["Open Sat & Sun 10am-2pm.", "Open Saturday and Sunday ten a.m. to two p.m."],
  ["Back at 12 p.m.", "Back at noon."],
  ["We're closed from 12 a.m. to 6 a.m.", "We're closed from midnight to six a.m."],
  ["Open Tues. and Thurs. evenings.", "Open Tuesday and Thursday evenings."],
  ["Call (555) 123-4567.", "Call five five five, one two three, four five six seven."],
  ["Call 555-123-4567 today.", "Call five five five, one two three, four five six seven, today."],
  ["Call 555.123.4567.", "Call five five five, one two three, four five six seven."],
  ["Text us at 5551234567.", "Text us at five five five, one two three, four five six seven."],
  ["Our number is 212-555-0147.", "Our number is two one two, five five five, zero one four seven."],
  ["Reach us at +1 416 555 0199.", "Reach us at plus one, four one six, five five five, zero one nine nine."],
  ["Call 1-800-555-0199.", "Call one eight hundred, five five five, zero one nine nine."],
  ["Toll free: 1 (888) 555-0100.", "Toll free: one eight eight eight, five five five, zero one zero zero."],
  ["Call 877-555-0123.", "Call eight seven seven, five five five, zero one two three."],
  ["Call 1-800-FLOWERS.", "Call one eight hundred, Flowers."],
  ["Dial 1-800-GOT-JUNK today.", "Dial one eight hundred, Got Junk, today."],
  ["Call 555-0199 after hours.", "Call five five five, zero one nine nine, after hours."],
  ["Call (555) 123-4567, ext. 204.", "Call five five five, one two three, four five six seven, extension two zero four."],
  ["Dial 555-123-4567 x12.", "Dial five five five, one two three, four five six seven, extension one two."],
  ["Press extension 3 for billing.", "Press extension three for billing."],
  ["From abroad call +44 20 7946 0958.", "From abroad call plus four four, two zero, seven nine four six, zero nine five eight."],
  ["Emergency service 24/7.", "Emergency service twenty-four seven."],
  ["We answer 24/7/365.", "We answer twenty-four seven, all year round."],
  ["Available 24 hrs a day.", "Available twenty-four hours a day."],
  ["Visit us at 120 Main St.", "Visit us at one twenty Main Street."],
  ["We're at 1234 N. Oak Ave., Suite 200.", "We're at twelve thirty-four North Oak Avenue, Suite two hundred."],
  ["Find us at 4500 E. Sunset Blvd.", "Find us at forty-five hundred East Sunset Boulevard."],
  ["Our shop is on St. Charles Ave near Dr. King Jr. Blvd.", "Our shop is on Saint Charles Avenue near Doctor King Junior Boulevard."],
  ["Head to 77 Elm Rd. We're on the left.", "Head to seventy-seven Elm Road. We're on the left."],
  ["Mail checks to P.O. Box 42.", "Mail checks to P O Box forty-two."],
  ["Take Hwy 101 north, exit 5.", "Take Highway one hundred one north, exit five."],
  ["Est. 1998.", "Established nineteen ninety-eight."],
  ["Proudly serving Dallas since 2009.", "Proudly serving Dallas since two thousand nine."],
  ["Voted best roofer 2019-2024.", "Voted best roofer twenty nineteen to twenty twenty-four."],
  ["Ask for Mr. Lee or Mrs. Gomez.", "Ask for Mister Lee or Missus Gomez."],
  ["Smith & Sons LLC.", "Smith and Sons L L C."],
  ["Acme Roofing Inc. thanks you.", "Acme Roofing Incorporated thanks you."],
  ["Johnson Bros. Plumbing Co.", "Johnson Brothers Plumbing Company."],
  ["HVAC and A/C repair w/ free est.", "H-vac and A C repair with free estimate."],
  ["Our 1st visit is free.", "Our first visit is free."],
  ["Ask about our 2nd-floor additions.", "Ask about our second-floor additions."],
  ["Celebrating our 25th year.", "Celebrating our twenty-fifth year."],
  ["We're on the 3rd floor.", "We're on the third floor."],
  ["Closed Dec. 25 and Jan. 1.", "Closed December twenty-fifth and January first."],
  ["Estimates from $99.", "Estimates from ninety-nine dollars."],
  ["Projects from $5,000.", "Projects from five thousand dollars."],
  ["Save $10k on a new roof.", "Save ten thousand dollars on a new roof."],
  ["Only $49.99/month.", "Only forty-nine dollars and ninety-nine cents a month."],
  ["Inspections cost $150.00.", "Inspections cost one hundred fifty dollars."],
  ["A service call is $89 per hour.", "A service call is eighty-nine dollars an hour."],
  ["Financing at 0% for 12 months.", "Financing at zero percent for twelve months."],
  ["Decks up to 1,500 sq ft.", "Decks up to one thousand five hundred square feet."],
  ["Jobs take 3-5 days.", "Jobs take three to five days."],
  ["Email info@acme-roofing.com.", "Email info at acme dash roofing dot com."],
  ["Write to john.smith@summitbuilders.net today.", "Write to john dot smith at summitbuilders dot net today."],
  ["Visit www.acme-roofing.com.", "Visit acme dash roofing dot com."],
  ["Book online at https://summit.co/book.", "Book online at summit dot C O slash book."],
  ["See summitbuilders.ca/quote for a quote.", "See summitbuilders dot C A slash quote for a quote."],
  ["We're #1 in customer service.", "We're number one in customer service."],
  ["Over 250 homes remodeled.", "Over two hundred fifty homes remodeled."],
  ["A 2.5 hour window.", "A two point five hour window."],
  ["Thanks for calling Summit Builders – we'll call you back.", "Thanks for calling Summit Builders, we'll call you back."],
  ["Send mail to 500 Elm St., Dallas, TX 75201.", "Send mail to five hundred Elm Street, Dallas, TX seven five two zero one."],
  ["Our 2 trucks serve 3 counties.", "Our two trucks serve three counties."],
];

const french: ReadonlyArray<readonly [written: string, spoken: string]> = [
  ["Nous sommes ouverts de 8h à 18h.", "Nous sommes ouverts de huit heures à dix-huit heures."],
  ["Ouvert de 9h30 à 17h30.", "Ouvert de neuf heures trente à dix-sept heures trente."],
  ["Horaires : 8h-12h / 14h-18h.", "Horaires: de huit heures à midi, de quatorze heures à dix-huit heures."],
  ["Ouvert lun–ven 8h–17h30.", "Ouvert du lundi au vendredi, de huit heures à dix-sept heures trente."],
  ["Du lun. au sam. de 9 h à 12 h.", "Du lundi au samedi, de neuf heures à midi."],
  ["Ouvert le samedi jusqu'à 12h.", "Ouvert le samedi jusqu'à midi."],
  ["Fermé entre 12h et 14h.", "Fermé entre midi et quatorze heures."],
  ["Rappel à 14h.", "Rappel à quatorze heures."],
  ["Ouverture à 7h45.", "Ouverture à sept heures quarante-cinq."],
  ["Fermeture à 17:30.", "Fermeture à dix-sept heures trente."],
  ["Permanence de 0h à 6h.", "Permanence de minuit à six heures."],
  ["Dépannage 24h/24 et 7j/7.", "Dépannage vingt-quatre heures sur vingt-quatre, sept jours sur sept."],
  ["Urgences 24/7.", "Urgences vingt-quatre heures sur vingt-quatre, sept jours sur sept."],
  ["Service 7j/7.", "Service sept jours sur sept."],
  ["Appelez le 01 23 45 67 89.", "Appelez le zéro un, vingt-trois, quarante-cinq, soixante-sept, quatre-vingt-neuf."],
  ["Appelez le 06 12 34 56 78.", "Appelez le zéro six, douze, trente-quatre, cinquante-six, soixante-dix-huit."],
  ["Mon portable : 06.12.34.56.78.", "Mon portable: zéro six, douze, trente-quatre, cinquante-six, soixante-dix-huit."],
  ["Écrivez au 0612345678.", "Écrivez au zéro six, douze, trente-quatre, cinquante-six, soixante-dix-huit."],
  ["Depuis l'étranger : +33 6 12 34 56 78.", "Depuis l'étranger: plus trente-trois, six, douze, trente-quatre, cinquante-six, soixante-dix-huit."],
  ["Numéro vert : 0 800 123 456.", "Numéro vert: zéro, huit cents, douze, trente-quatre, cinquante-six."],
  ["Appelez le 09 72 10 20 30, poste 12.", "Appelez le zéro neuf, soixante-douze, dix, vingt, trente, poste douze."],
  ["Standard au 04 78 90 12 34.", "Standard au zéro quatre, soixante-dix-huit, quatre-vingt-dix, douze, trente-quatre."],
  ["Au Québec, composez le +1 514 555 0199.", "Au Québec, composez le plus un, cinq un quatre, cinq cinq cinq, zéro un neuf neuf."],
  ["Rendez-vous au 12 av. Foch.", "Rendez-vous au douze avenue Foch."],
  ["Nous sommes au 3 bd Haussmann, 75009 Paris.", "Nous sommes au trois boulevard Haussmann, soixante-quinze, zéro zéro neuf Paris."],
  ["Agence de St-Denis et de Ste-Geneviève.", "Agence de Saint-Denis et de Sainte-Geneviève."],
  ["Demandez M. Martin ou Mme Roy.", "Demandez Monsieur Martin ou Madame Roy."],
  ["Rénovations Sommet SARL.", "Rénovations Sommet S A R L."],
  ["Dupont & Fils.", "Dupont et Fils."],
  ["Devis n° 42.", "Devis numéro quarante-deux."],
  ["Devis gratuit dès 1 500 €.", "Devis gratuit dès mille cinq cents euros."],
  ["Seulement 49,90 € par mois.", "Seulement quarante-neuf euros quatre-vingt-dix par mois."],
  ["Intervention à 89 € HT.", "Intervention à quatre-vingt-neuf euros hors taxes."],
  ["Abonnement 15 €/mois.", "Abonnement quinze euros par mois."],
  ["Remise de 20 % sur la pose.", "Remise de vingt pour cent sur la pose."],
  ["Au 3e étage.", "Au troisième étage."],
  ["Votre 1re visite est offerte.", "Votre première visite est offerte."],
  ["Notre 1er chantier date de 1998.", "Notre premier chantier date de mille neuf cent quatre-vingt-dix-huit."],
  ["Le 2ème rendez-vous est gratuit.", "Le deuxième rendez-vous est gratuit."],
  ["Écrivez à contact@renov.fr.", "Écrivez à contact arobase renov point F R."],
  ["Écrivez à jean.dupont@sommet-renovation.com.", "Écrivez à jean point dupont arobase sommet tiret renovation point com."],
  ["Visitez www.renovation-sommet.fr.", "Visitez renovation tiret sommet point F R."],
  ["Devis sur https://sommet.fr/devis.", "Devis sur sommet point F R barre oblique devis."],
  ["Intervention en 2-3 jours.", "Intervention en deux à trois jours."],
  ["Plus de 250 chantiers réalisés.", "Plus de deux cent cinquante chantiers réalisés."],
  ["Un délai de 2,5 semaines.", "Un délai de deux virgule cinq semaines."],
  ["RDV au chantier à 8h.", "Rendez-vous au chantier à huit heures."],
  ["Fermé le 25 déc.", "Fermé le vingt-cinq décembre."],
  ["Agence : 15 rue de la Paix, 69003 Lyon.", "Agence: quinze rue de la Paix, soixante-neuf, zéro zéro trois Lyon."],
  ["Nos 2 équipes couvrent 3 départements.", "Nos deux équipes couvrent trois départements."],
];

describe(`normalizeForSpeech reads ${english.length + french.length} real-world phrasings as a receptionist would`, () => {
  it.each(english)('en: %s', (written, spoken) => {
    expect(normalizeForSpeech(written, 'en')).toBe(spoken);
  });
  it.each(french)('fr: %s', (written, spoken) => {
    expect(normalizeForSpeech(written, 'fr')).toBe(spoken);
  });
});

describe('normalizeForSpeech leaves no digit and no symbol an engine would misread', () => {
  it.each([...english.map(([written]) => ['en', written] as const), ...french.map(([written]) => ['fr', written] as const)])('%s: %s', (lang, written) => {
    expect(normalizeForSpeech(written, lang)).not.toMatch(/[\d$€£%&#@/{}]/);
  });
});

describe('normalizeForSpeech on arbitrary input', () => {
  it('never throws, stays fast and keeps text speakable', () => {
    const alphabet = 'ab 0123456789-.:/()+&%$€@#hH\'",;!?éàç\u0000\u0007{}<>\n\t';
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const started = performance.now();
    for (let round = 0; round < 300; round += 1) {
      const text = Array.from({ length: 1000 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      for (const lang of ['en', 'fr'] as const) {
        const spoken = normalizeForSpeech(text, lang);
        // eslint-disable-next-line no-control-regex
        expect(spoken).not.toMatch(/[\u0000-\u0008<>{}]/);
      }
    }
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
