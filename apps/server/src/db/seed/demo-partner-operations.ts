import { randomBytes } from 'node:crypto';
import type { SecretBox } from '../../lib/secret-box.ts';
import * as repo from '../../modules/partner-operations/partner-operations.repo.ts';
import type { DbOrTx } from '../client.ts';
import type { DemoPartners } from './demo.ts';

type Values = Omit<repo.PartnerOperationsValues, 'partnerId'>;

const allowed = 'enabled' as const;
const staffOnly = 'disabled' as const;

/**
 * The demo partners' operations: Milano lets customers in through a secret link (the passcode sealed like
 * any secret), Barcelona publicly, Seoul runs a closed corporate fleet whose customers staff add.
 */
export async function seedDemoPartnerOperations(db: DbOrTx, partners: DemoPartners, secrets: SecretBox) {
  const operations: [string, Values][] = [
    [
      partners.milano.id,
      {
        currency: 'EUR',
        customerMaxPaymentAmount: '300.00',
        timezone: '+01:00',
        beepPolicy: allowed,
        batteryLockPolicy: staffOnly,
        gpsPolicy: allowed,
        lightPolicy: allowed,
        lockPolicy: allowed,
        pushGeolocationCheckpointPolicy: allowed,
        customerSelfJoinPolicy: 'open',
        customerSelfJoinNote: 'Students of Politecnico and Bocconi join with their university e-mail.',
        unavailableNote: 'E-bikes are not available during the Milano Marathon (road closures).',
        contactPhone: '+390212345678',
        contactEmail: 'help@milanobikehub.it',
        webChannel: 'secret-link',
        webChannelPasscodeSealed: secrets.seal('navigli-2026'),
        signUpEmailDomains: ['milanobikehub.it', 'polimi.it', 'unibocconi.it'],
      },
    ],
    [
      partners.barcelona.id,
      {
        currency: 'EUR',
        customerMaxPaymentAmount: '250.00',
        timezone: '+01:00',
        beepPolicy: allowed,
        batteryLockPolicy: staffOnly,
        gpsPolicy: allowed,
        lightPolicy: allowed,
        lockPolicy: allowed,
        pushGeolocationCheckpointPolicy: staffOnly,
        customerSelfJoinPolicy: 'approval',
        customerSelfJoinNote: 'New riders are approved by the Poblenou desk within one working day.',
        unavailableNote: 'Scooters stay in the depot when AEMET issues a wind warning.',
        contactPhone: '+34931234567',
        contactEmail: 'hola@bcnemotion.es',
        webChannel: 'public-link',
        webChannelPasscodeSealed: null,
        signUpEmailDomains: [],
      },
    ],
    [
      partners.seoul.id,
      {
        currency: 'KRW',
        customerMaxPaymentAmount: '500000.00',
        timezone: '+09:00',
        beepPolicy: allowed,
        batteryLockPolicy: staffOnly,
        gpsPolicy: staffOnly,
        lightPolicy: allowed,
        lockPolicy: allowed,
        pushGeolocationCheckpointPolicy: staffOnly,
        customerSelfJoinPolicy: 'closed',
        customerSelfJoinNote: null,
        unavailableNote: '장마철에는 한강 공원 스테이션이 운영되지 않습니다.',
        contactPhone: '+82212345678',
        contactEmail: 'support@seoulscooter.kr',
        webChannel: 'none',
        webChannelPasscodeSealed: null,
        signUpEmailDomains: ['seoulscooter.kr'],
      },
    ],
  ];
  for (const [partnerId, values] of operations) await repo.insertOperations(db, '*', { partnerId, ...values });

  // Seoul's customers are added by staff (self-join closed), so it has no sign-up config.
  const signUps: [string, repo.SignUpConfigValues][] = [
    [
      partners.milano.id,
      {
        isEnabled: true,
        requireEmailVerification: true,
        requireIdVerification: true,
        isReferralEnabled: true,
        welcomeNote: 'Benvenuto! Your first 30 minutes are on us.',
      },
    ],
    [
      partners.barcelona.id,
      {
        isEnabled: true,
        requireEmailVerification: true,
        requireIdVerification: false,
        isReferralEnabled: false,
        welcomeNote: 'Bienvenido a Barcelona E-Motion.',
      },
    ],
  ];
  for (const [partnerId, values] of signUps) {
    await repo.insertSignUpConfig(db, '*', partnerId, randomBytes(24).toString('base64url'));
    await repo.updateSignUpConfig(db, '*', partnerId, values);
  }
}
