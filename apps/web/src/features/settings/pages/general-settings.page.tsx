import { SettingsCards } from '../components/settings-cards.tsx';
import { generalSections } from '../general-sections.ts';

/** /setting/general: one card per general-settings section the user may open. */
export default function GeneralSettingsPage() {
  return <SettingsCards sections={generalSections} emptyKey="general.empty" />;
}
