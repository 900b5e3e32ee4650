import type { ChartTexts } from './en.ts';

export const ta: ChartTexts = {
  roleDescription: 'வரைபடம்',
  views: { label: 'இவ்வாறு காட்டு', chart: 'வரைபடம்', table: 'அட்டவணை' },
  keyboardHelp:
    'புள்ளிகளுக்கு இடையே நகர இடது, வலது அம்புக்குறி விசைகளையும், முதல் மற்றும் கடைசிப் புள்ளிக்கு Home, End விசைகளையும் பயன்படுத்தவும்.',
  drillHelp: 'தேர்ந்தெடுத்த புள்ளியைத் திறக்க Enter அழுத்தவும்.',
  resetZoom: 'பெரிதாக்கலை மீட்டமை',
  zoomHint: 'பெரிதாக்க வரைபடத்தின் மீது இழுக்கவும்.',
  downloadCsv: 'CSV பதிவிறக்கு',
  noData: 'தரவு இல்லை',
  legend: 'குறிப்பு விளக்கம்',
  table: {
    period: 'காலம்',
    previous: 'முந்தையது',
    next: 'அடுத்தது',
    page: 'பக்கம் {{page}} / {{pages}}',
    pages: 'அட்டவணைப் பக்கங்கள்',
  },
  loading: '{{title}} ஏற்றப்படுகிறது',
  error: '{{title}} ஏற்ற முடியவில்லை',
  retry: 'மீண்டும் முயற்சிக்கவும்',
};
