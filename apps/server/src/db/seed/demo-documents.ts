import type { DocumentContent } from '@fleetdesk/contracts';
import type { SecretBox } from '../../lib/secret-box.ts';
import * as repo from '../../modules/documents/documents.repo.ts';
import { cleanContent } from '../../modules/documents/documents.service.ts';
import type { DbOrTx } from '../client.ts';
import type { DemoPartners } from './demo.ts';

const terms: DocumentContent = {
  en: `<h2>Terms of rental</h2>
<p>These terms apply to every bike, e-bike and scooter you rent through the Fleetdesk app. By starting a ride you confirm that you are at least 18 years old and hold a valid payment method.</p>
<h3>Your ride</h3>
<ul><li>Check the vehicle before you unlock it and report any damage in the app.</li><li>Park only inside the stations shown on the map; a ride ended outside them may be charged a collection fee.</li><li>Do not lend the vehicle to anyone else.</li></ul>
<h3>Payment</h3>
<p>Rides are charged per minute at the price shown before unlocking. A deposit may be held on your card and is released when the rental ends.</p>
<p>The full price list is published at <a href="https://fleetdesk.example.com/prices" target="_blank">fleetdesk.example.com/prices</a>.</p>`,
  it: `<h2>Condizioni di noleggio</h2>
<p>Queste condizioni valgono per ogni bici, e-bike e monopattino noleggiato con l'app Fleetdesk. Avviando una corsa confermi di avere almeno 18 anni e un metodo di pagamento valido.</p>
<h3>La tua corsa</h3>
<ul><li>Controlla il veicolo prima di sbloccarlo e segnala eventuali danni nell'app.</li><li>Parcheggia solo nelle stazioni indicate sulla mappa; una corsa terminata altrove può comportare un costo di recupero.</li><li>Non prestare il veicolo ad altre persone.</li></ul>
<h3>Pagamento</h3>
<p>Le corse si pagano al minuto al prezzo mostrato prima dello sblocco. Può essere trattenuto un deposito sulla carta, restituito al termine del noleggio.</p>
<p>Il listino completo è pubblicato su <a href="https://fleetdesk.example.com/it/prezzi" target="_blank">fleetdesk.example.com/it/prezzi</a>.</p>`,
  es: `<h2>Condiciones de alquiler</h2>
<p>Estas condiciones se aplican a cada bicicleta, e-bike y patinete que alquiles con la app Fleetdesk. Al iniciar un trayecto confirmas que tienes al menos 18 años y un método de pago válido.</p>
<h3>Tu trayecto</h3>
<ul><li>Revisa el vehículo antes de desbloquearlo e informa de cualquier daño en la app.</li><li>Aparca solo en las estaciones del mapa; un trayecto terminado fuera de ellas puede tener un cargo de recogida.</li><li>No prestes el vehículo a otras personas.</li></ul>
<h3>Pago</h3>
<p>Los trayectos se cobran por minuto al precio mostrado antes del desbloqueo. Puede retenerse un depósito en tu tarjeta, que se libera al terminar el alquiler.</p>
<p>La lista de precios completa está en <a href="https://fleetdesk.example.com/es/precios" target="_blank">fleetdesk.example.com/es/precios</a>.</p>`,
};

const privacyPolicy: DocumentContent = {
  en: `<h2>Privacy policy</h2>
<p>We process your name, contact details, payment data and the position of the vehicle during your ride to provide the rental service and to bill it.</p>
<p>Ride positions are kept for 90 days, invoices for as long as tax law requires. We never sell your data.</p>
<p>You can ask for a copy of your data or for its deletion at any time by writing to <a href="mailto:privacy@fleetdesk.example.com">privacy@fleetdesk.example.com</a>.</p>`,
  it: `<h2>Informativa sulla privacy</h2>
<p>Trattiamo nome, recapiti, dati di pagamento e la posizione del veicolo durante la corsa per fornire il servizio di noleggio e fatturarlo.</p>
<p>Le posizioni delle corse sono conservate per 90 giorni, le fatture per il tempo richiesto dalla legge fiscale. Non vendiamo mai i tuoi dati.</p>
<p>Puoi chiedere una copia dei tuoi dati o la loro cancellazione in qualsiasi momento scrivendo a <a href="mailto:privacy@fleetdesk.example.com">privacy@fleetdesk.example.com</a>.</p>`,
  es: `<h2>Política de privacidad</h2>
<p>Tratamos tu nombre, datos de contacto, datos de pago y la posición del vehículo durante el trayecto para prestar el servicio de alquiler y facturarlo.</p>
<p>Las posiciones de los trayectos se guardan 90 días y las facturas el tiempo que exige la ley fiscal. Nunca vendemos tus datos.</p>
<p>Puedes pedir una copia de tus datos o su eliminación en cualquier momento escribiendo a <a href="mailto:privacy@fleetdesk.example.com">privacy@fleetdesk.example.com</a>.</p>`,
};

const helpCenter: DocumentContent = {
  en: `<h2>Help center</h2>
<h3>The vehicle does not unlock</h3>
<p>Make sure Bluetooth and location are on, then scan the QR code again. If it still stays locked, end the attempt in the app: you are not charged.</p>
<h3>I had a flat tyre</h3>
<p>End the ride at the nearest station and report the problem with a photo. Our mechanics collect the vehicle within a day.</p>
<p>Need a person? Call us on <a href="tel:+390212345678">+39 02 1234 5678</a> or read the <a href="https://fleetdesk.example.com/faq" target="_blank">full FAQ</a>.</p>`,
  it: `<h2>Centro assistenza</h2>
<h3>Il veicolo non si sblocca</h3>
<p>Verifica che Bluetooth e localizzazione siano attivi, poi scansiona di nuovo il codice QR. Se resta bloccato, annulla il tentativo nell'app: non ti viene addebitato nulla.</p>
<h3>Ho forato una gomma</h3>
<p>Termina la corsa alla stazione più vicina e segnala il problema con una foto. I nostri meccanici recuperano il veicolo entro un giorno.</p>
<p>Vuoi parlare con qualcuno? Chiamaci al <a href="tel:+390212345678">+39 02 1234 5678</a> o leggi le <a href="https://fleetdesk.example.com/it/faq" target="_blank">domande frequenti</a>.</p>`,
  es: `<h2>Centro de ayuda</h2>
<h3>El vehículo no se desbloquea</h3>
<p>Comprueba que el Bluetooth y la ubicación estén activados y vuelve a escanear el código QR. Si sigue bloqueado, cancela el intento en la app: no se te cobra nada.</p>
<h3>He pinchado una rueda</h3>
<p>Termina el trayecto en la estación más cercana e informa del problema con una foto. Nuestros mecánicos recogen el vehículo en un día.</p>
<p>¿Prefieres hablar con alguien? Llámanos al <a href="tel:+390212345678">+39 02 1234 5678</a> o consulta las <a href="https://fleetdesk.example.com/es/faq" target="_blank">preguntas frecuentes</a>.</p>`,
};

const milanoNotice: DocumentContent = {
  en: `<h2>Piazza del Duomo station closed on Sunday</h2>
<p>Because of the city marathon the Duomo station is closed on Sunday from 7:00 to 15:00. Please end your rides at Cadorna or Porta Garibaldi instead.</p>
<p>Route map: <a href="https://milanobikehub.it/avvisi/maratona" target="_blank">milanobikehub.it/avvisi/maratona</a></p>`,
  it: `<h2>Stazione Piazza del Duomo chiusa domenica</h2>
<p>Per la maratona cittadina la stazione Duomo resta chiusa domenica dalle 7:00 alle 15:00. Termina le corse a Cadorna o Porta Garibaldi.</p>
<p>Mappa del percorso: <a href="https://milanobikehub.it/avvisi/maratona" target="_blank">milanobikehub.it/avvisi/maratona</a></p>`,
};

/**
 * The account's terms, privacy policy and help center in three languages; Milano and Barcelona publish them as
 * their own (a partner needs both to rent); a notice for Milano. Seoul has none yet, as its overview shows.
 */
export async function seedDemoDocuments(db: DbOrTx, partners: DemoPartners, _secrets: SecretBox) {
  // Stored through the module's own cleaning, so demo content is exactly what the API would have kept.
  await repo.upsertAccount(db, '*', 'terms', cleanContent(terms), null);
  await repo.upsertAccount(db, '*', 'privacy-policy', cleanContent(privacyPolicy), null);
  await repo.upsertAccount(db, '*', 'help-center', cleanContent(helpCenter), null);
  for (const partner of [partners.milano, partners.barcelona]) {
    for (const [type, content] of [
      ['terms', terms],
      ['privacy-policy', privacyPolicy],
    ] as const) {
      await repo.insertPartner(db, '*', {
        partnerId: partner.id,
        type,
        content: cleanContent(content),
        updatedBy: null,
      });
    }
  }
  await repo.insertPartner(db, '*', {
    partnerId: partners.milano.id,
    type: 'notice',
    content: cleanContent(milanoNotice),
    updatedBy: null,
  });
}
