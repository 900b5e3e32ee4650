import { LegalDocument } from './legal-document.tsx';

export function TermsPage() {
  return <LegalDocument kind="terms" />;
}

export default TermsPage;
