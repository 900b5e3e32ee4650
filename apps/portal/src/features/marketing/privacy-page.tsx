import { LegalDocument } from './legal-document.tsx';

export function PrivacyPage() {
  return <LegalDocument kind="privacy" />;
}

export default PrivacyPage;
