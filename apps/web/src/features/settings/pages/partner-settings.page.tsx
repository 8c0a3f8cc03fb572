import { SettingsCards } from '../components/settings-cards.tsx';
import { partnerSections } from '../partner-sections.ts';

/** /setting/partner: one card per partner-settings section the user may open. */
export default function PartnerSettingsPage() {
  return <SettingsCards sections={partnerSections} emptyKey="partner.empty" />;
}
